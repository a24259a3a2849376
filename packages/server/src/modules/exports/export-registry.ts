import type { ExportList } from '@karm/domain/contract';
import { customersExport } from '../customers/customers.export';
import { inquiriesExport } from '../inquiries/inquiries.export';
import { invoicesExport } from '../invoices/invoices.export';
import { logsExport } from '../logs/logs.export';
import { offersExport } from '../offers/offers.export';
import { projectsExport } from '../projects/projects.export';
import { deviationsExport } from '../quality/deviations.export';
import { tasksExport } from '../tasks/tasks.export';
import { usersExport } from '../users/users.export';
import type { ExportSource } from './export-source';

/**
 * Every exportable list's columns and reader, one per list of the contract's EXPORT_LISTS (the type
 * makes a list without a source a compile error). A module with a new paged list adds its source here.
 */
export const EXPORT_SOURCES: { [L in ExportList]: ExportSource<L, never> } = {
  customers: customersExport,
  inquiries: inquiriesExport,
  offers: offersExport,
  projects: projectsExport,
  tasks: tasksExport,
  invoices: invoicesExport,
  logs: logsExport,
  users: usersExport,
  deviations: deviationsExport,
} as never;
