/**
 * How the modules hear of each other's records, registered once per process on import: the files
 * module asks the owners of documents and the users of files, and removing a project, a task or a
 * service item tells the modules that hang on them. Everything that runs the modules' use cases
 * imports this — the server (app.ts) and the command-line tools (seeding, importing) alike: without
 * it the demo seed's checklist PDF found no owner for its project's document ("Record not found").
 */
import { companyFileUser } from './modules/company/company.service';
import { registerDocumentOwner } from './modules/files/document-owners';
import { registerFileUser } from './modules/files/file-users';
import { inquiryDocumentOwner } from './modules/inquiries/inquiry-documents';
import { purchaseOrderFileUser } from './modules/invoices/purchase-order.service';
import {
  plannerProjectRemovalHook,
  plannerServiceItemRemovalHook,
  plannerTaskRemovalHook,
} from './modules/planner/plan-removal-hooks';
import { projectDocumentOwner } from './modules/projects/project-documents';
import { registerProjectRemovalHook } from './modules/projects/project-removal';
import { qualityFileUser } from './modules/quality/quality-files';
import {
  serviceTemplateFileUser,
  serviceTemplatesProjectRemovalHook,
} from './modules/service-templates/project-copies';
import {
  registerServiceItemRemovalHook,
  serviceWorkProjectRemovalHook,
} from './modules/service-work/service-item-removal';
import { serviceWorkFileUser } from './modules/service-work/service-work-files';
import { registerTaskRemovalHook } from './modules/tasks/tasks.service';

/** Records documents attach to; the files module checks them on upload and tells them of changes. */
for (const owner of [inquiryDocumentOwner, projectDocumentOwner]) registerDocumentOwner(owner);
/** Records that use files by id (the company's logo and footer): such a file is never deleted under them. */
for (const user of [
  companyFileUser,
  purchaseOrderFileUser,
  serviceTemplateFileUser,
  qualityFileUser,
  serviceWorkFileUser,
])
  registerFileUser(user);
/** The planner lets go of a removed project's and a deleted task's bookings (SPEC §4). */
registerProjectRemovalHook(plannerProjectRemovalHook);
/**
 * A removed project's service items let go of what hangs on them (plans) — before the templates' hook
 * below deletes the items' template copies and, by cascade, the items.
 */
registerProjectRemovalHook(serviceWorkProjectRemovalHook);
/** A removed project takes its copies of service templates along. */
registerProjectRemovalHook(serviceTemplatesProjectRemovalHook);
registerTaskRemovalHook(plannerTaskRemovalHook);
/** A deleted service item leaves the planner with it. */
registerServiceItemRemovalHook(plannerServiceItemRemovalHook);
