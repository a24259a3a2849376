import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { notFound } from '../../platform/errors';
import { customerSummaries } from '../customers/customers.service';
import { projects } from './projects.tables';

/**
 * What a service report prints of its project (number, name, customer, site address), read for
 * service work — which may not touch the projects table itself. Another company's project is
 * "not found".
 */
export const projectForServiceReport = async (db: Executor, companyId: string, projectId: string) => {
  const [row] = await db
    .select({
      id: projects.id,
      number: projects.number,
      name: projects.name,
      customerId: projects.customerId,
      address: projects.projectAddress,
      postalCode: projects.projectPostalCode,
      city: projects.projectCity,
      serviceReportCount: projects.serviceReportCount,
    })
    .from(projects)
    .where(and(eq(projects.companyId, companyId), eq(projects.id, projectId)));
  if (!row) throw notFound('Project');
  const customers = await customerSummaries(db, companyId, row.customerId ? [row.customerId] : []);
  return { ...row, customerName: (row.customerId && customers.get(row.customerId)?.name) || '' };
};

/**
 * One more service report on the project (SPEC §3 "service report count"), inside the report's
 * transaction; answers the new count. Locks the row, so two reports at once get numbers one apart.
 */
export const countServiceReport = async (tx: Executor, companyId: string, projectId: string) => {
  const [row] = await tx
    .update(projects)
    .set({ serviceReportCount: sql`${projects.serviceReportCount} + 1` })
    .where(and(eq(projects.companyId, companyId), eq(projects.id, projectId)))
    .returning({ count: projects.serviceReportCount });
  if (!row) throw notFound('Project');
  return row.count;
};
