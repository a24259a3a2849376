import type { LookupDto, ProjectDto } from '@karm/domain/contract';
import type { AppContext } from '../../platform/context';
import { contactSummaries } from '../customers/contacts.service';
import { customerSummaries } from '../customers/customers.service';
import { departmentSummaries, employeeSummaries } from '../employees/employees.service';
import type { projects } from './projects.tables';

/** A project as read from its table; the search text is the database's own and never leaves it. */
export type ProjectRow = Omit<typeof projects.$inferSelect, 'searchText'>;

type Names = {
  customers: Map<string, { id: string; name: string; customerNumber: number | null }>;
  contacts: Map<string, LookupDto>;
  employees: Map<string, LookupDto>;
  departments: Map<string, LookupDto>;
};

/** The names a page of projects shows, fetched in four queries whatever the page size. */
export const namesFor = async (ctx: AppContext, companyId: string, rows: ProjectRow[]): Promise<Names> => {
  const ids = (pick: (row: ProjectRow) => string | null) =>
    rows.map(pick).filter((id): id is string => id !== null);
  const [customers, contacts, employees, departments] = await Promise.all([
    customerSummaries(
      ctx.db,
      companyId,
      ids((row) => row.customerId),
    ),
    contactSummaries(
      ctx,
      companyId,
      ids((row) => row.contactId),
    ),
    employeeSummaries(
      ctx,
      companyId,
      ids((row) => row.projectManagerId),
    ),
    departmentSummaries(
      ctx,
      companyId,
      ids((row) => row.departmentId),
    ),
  ]);
  return { customers, contacts, employees, departments };
};

const lookup = <T>(map: Map<string, T>, id: string | null) => (id ? (map.get(id) ?? null) : null);

export const toProjectDto = (row: ProjectRow, names: Names): ProjectDto => ({
  id: row.id,
  number: row.number,
  name: row.name,
  description: row.description,
  state: row.state,
  department: lookup(names.departments, row.departmentId),
  projectCategory: row.projectCategory,
  customer: lookup(names.customers, row.customerId),
  contact: lookup(names.contacts, row.contactId),
  projectManager: lookup(names.employees, row.projectManagerId),
  startDate: row.startDate,
  endDate: row.endDate,
  deliveryDate: row.deliveryDate,
  agreedInstallationDate: row.agreedInstallationDate,
  isClosed: row.isClosed,
  isDirect: row.isDirect,
  isService: row.isService,
  projectAddress: row.projectAddress,
  projectPostalCode: row.projectPostalCode,
  projectCity: row.projectCity,
  noteToPlanner: row.noteToPlanner,
  workOrderNotes: row.workOrderNotes,
  siteContactName: row.siteContactName,
  siteContactPhone: row.siteContactPhone,
  productionHours: row.productionHours,
  installationHours: row.installationHours,
  installationStaff: row.installationStaff,
  missingData: row.missingData,
  missingDataComment: row.missingDataComment,
  serviceReportCount: row.serviceReportCount,
  projectValue: row.projectValue,
  archiveReason: row.archiveReason,
  offerId: row.offerId,
  version: row.version,
  updatedAt: row.updatedAt.toISOString(),
});

export const projectDtos = async (ctx: AppContext, companyId: string, rows: ProjectRow[]) => {
  const names = await namesFor(ctx, companyId, rows);
  return rows.map((row) => toProjectDto(row, names));
};
