import type {
  DueServiceVisitDto,
  Page,
  ServiceAgreementDto,
  serviceVisitDoneSchema,
} from '@karm/domain/contract';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, nextVisitDate } from '@karm/domain/rules';
import { and, asc, between, count, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { todayIn } from '../../platform/clock';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { employeeSummaries } from '../employees/employees.service';
import { projectsForPlanner } from '../projects/projects-for-planner';
import {
  type AgreementRow,
  agreementDtos,
  announceAgreements,
  insertVisitTasks,
  lockAgreement,
  settleOldVisitTasks,
  writeHistory,
} from './agreement-records';
import { serviceAgreements, serviceAgreementVisits } from './service-agreements.tables';

/**
 * Visits of service agreements: "visit done" records a completed visit and moves the next one an
 * interval on from it (rule `nextVisitDate`); the due list shows the visits due within a range,
 * overdue first.
 */

/**
 * POST /service-agreements/{id}/visits: the visit is recorded (today or earlier), the last visit is
 * the latest recorded one, and the next visit and its tasks follow from it; the tasks of the visit
 * just made are marked done.
 */
export const completeVisit = async (
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: z.output<typeof serviceVisitDoneSchema>,
): Promise<ServiceAgreementDto> => {
  if (input.date > todayIn(ctx.clock)) throw validationError({ date: MESSAGES.visitInFuture });
  const now = ctx.clock.now();
  const { row, before, newTaskIds } = await ctx.db.transaction(async (tx) => {
    const current = await lockAgreement(tx, actor.companyId, id, input.version);
    await tx.insert(serviceAgreementVisits).values({
      companyId: actor.companyId,
      agreementId: id,
      date: input.date,
      note: input.note,
      doneBy: actor.userId,
    });
    const lastVisitDate =
      current.lastVisitDate && current.lastVisitDate > input.date ? current.lastVisitDate : input.date;
    const next = nextVisitDate({ ...current, lastVisitDate });
    const [updated] = await tx
      .update(serviceAgreements)
      .set({ lastVisitDate, nextVisitDate: next, updatedAt: now, version: current.version + 1 })
      .where(eq(serviceAgreements.id, id))
      .returning();
    const visitTaskIds = await insertVisitTasks(ctx, tx, actor, updated as AgreementRow);
    const [withTasks] = await tx
      .update(serviceAgreements)
      .set({ visitTaskIds })
      .where(eq(serviceAgreements.id, id))
      .returning();
    await writeHistory(
      tx,
      actor,
      id,
      'visitDone',
      {
        visitDate: { from: null, to: input.date },
        nextVisitDate: { from: current.nextVisitDate, to: next },
      },
      now,
    );
    return { row: withTasks as AgreementRow, before: current, newTaskIds: visitTaskIds };
  });
  await settleOldVisitTasks(ctx, actor, before.visitTaskIds, 'done');
  await announceAgreements(ctx, actor.companyId, [row.projectId], newTaskIds);
  return (await agreementDtos(ctx, actor.companyId, [row]))[0] as ServiceAgreementDto;
};

/**
 * The visits due up to `range.to` (overdue ones — before `range.today` — included and first), by
 * date, paged. Transport-free, so the dispatch view and the due list call the same function.
 */
export const dueServiceVisits = async (
  db: Executor,
  companyId: string,
  range: { today: string; to: string; page: number; pageSize: number },
): Promise<Page<DueServiceVisitDto>> => {
  const where = and(
    eq(serviceAgreements.companyId, companyId),
    isNotNull(serviceAgreements.nextVisitDate),
    lte(serviceAgreements.nextVisitDate, range.to),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(serviceAgreements)
      .where(where)
      .orderBy(asc(serviceAgreements.nextVisitDate), sql`${serviceAgreements.id}`)
      .limit(range.pageSize)
      .offset((range.page - 1) * range.pageSize),
    db.select({ total: count() }).from(serviceAgreements).where(where),
  ]);
  const projects = new Map(
    (
      await projectsForPlanner(
        db,
        companyId,
        rows.map((row) => row.projectId),
      )
    ).map((project) => [project.id, project]),
  );
  const names = await employeeSummaries(
    { db } as AppContext,
    companyId,
    rows.flatMap((row) => row.serviceWorkerIds),
  );
  return {
    items: rows.map((row) => ({
      agreementId: row.id,
      projectId: row.projectId,
      projectNumber: projects.get(row.projectId)?.number ?? 0,
      projectName: projects.get(row.projectId)?.name ?? '',
      nextVisitDate: row.nextVisitDate as string,
      lastVisitDate: row.lastVisitDate,
      interval: row.interval,
      isOverdue: (row.nextVisitDate as string) < range.today,
      serviceWorkers: row.serviceWorkerIds.map((id) => names.get(id) ?? { id, displayName: '' }),
      itemCount: row.itemIds.length,
      version: row.version,
    })),
    total: counted?.total ?? 0,
    page: range.page,
    pageSize: range.pageSize,
  };
};

/** The agreements' next visits falling in a range (the calendar's layer "service visits due"). */
export const visitsDueBetween = async (
  db: Executor,
  companyId: string,
  range: { from: string; to: string },
) => {
  const rows = await db
    .select({
      id: serviceAgreements.id,
      projectId: serviceAgreements.projectId,
      date: serviceAgreements.nextVisitDate,
    })
    .from(serviceAgreements)
    .where(
      and(
        eq(serviceAgreements.companyId, companyId),
        between(serviceAgreements.nextVisitDate, range.from, range.to),
      ),
    )
    .orderBy(asc(serviceAgreements.nextVisitDate));
  const projects = new Map(
    (
      await projectsForPlanner(
        db,
        companyId,
        rows.map((row) => row.projectId),
      )
    ).map((project) => [project.id, project]),
  );
  return rows.map((row) => {
    const project = projects.get(row.projectId);
    return {
      agreementId: row.id,
      projectId: row.projectId,
      date: row.date as string,
      title: project ? `${project.number} ${project.name}` : '',
    };
  });
};
