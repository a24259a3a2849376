import { and, between, eq, gt, inArray, or, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { projects } from './projects.tables';

/**
 * The active projects whose production or installation may fall in the capacity forecast's weeks:
 * those with hours and a process cell dated in range (`cellProjectIds`, a subquery of the processes
 * module), an agreed installation date in range, or a delivery date in range (a project whose cells
 * are missing). The forecast works out each step's date itself (rules/planner `stepDateOf`).
 */
export const projectsForCapacity = (
  db: Executor,
  companyId: string,
  candidates: {
    cellProjectIds: SQLWrapper;
    agreedInstallation: { from: string; to: string };
    delivery: { from: string; to: string };
  },
) =>
  db
    .select({
      id: projects.id,
      number: projects.number,
      name: projects.name,
      productionHours: projects.productionHours,
      installationHours: projects.installationHours,
      deliveryDate: projects.deliveryDate,
      agreedInstallationDate: projects.agreedInstallationDate,
    })
    .from(projects)
    .where(
      and(
        eq(projects.companyId, companyId),
        eq(projects.state, 'active'),
        or(gt(projects.productionHours, 0), gt(projects.installationHours, 0)),
        or(
          inArray(projects.id, candidates.cellProjectIds),
          between(
            projects.agreedInstallationDate,
            candidates.agreedInstallation.from,
            candidates.agreedInstallation.to,
          ),
          between(projects.deliveryDate, candidates.delivery.from, candidates.delivery.to),
        ),
      ),
    );
