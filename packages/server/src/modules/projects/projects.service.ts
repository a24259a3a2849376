import {
  type deliveryWeekSchema,
  type OrderDto,
  PROJECT_PUSHES,
  type ProjectCombinedDto,
  type ProjectDto,
  type projectArchiveSchema,
  type projectCreateSchema,
  type projectDatesSchema,
  type projectDeleteSchema,
  type projectOrdersSaveSchema,
  type projectUpdateSchema,
} from '@karm/domain/contract';
import { checkDeliveryReachable, deliveryDateOfWeek, INVOICE_STATUS_CODES } from '@karm/domain/rules';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { todayIn } from '../../platform/clock';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { takeNextNumber } from '../../platform/db/number-sequences';
import { assertReferencesInCompany } from '../../platform/db/references';
import { AppError, conflict, notFound } from '../../platform/errors';
import { assertCollectionKeys } from '../collections/collection-values';
import { customerAndContactReferences } from '../customers/contacts.service';
import { DEPARTMENTS_REFERABLE, EMPLOYEES_REFERABLE } from '../employees/employees.service';
import { listProcessColumns } from '../processes/process-columns.service';
import {
  applyDeliveryDate,
  entriesOfProjects,
  removeEntriesOfProject,
} from '../processes/process-entries.service';
import { publishWebhookEvent } from '../webhooks/webhooks.service';
import { findReadableProject, projectReadScope } from './project-access';
import { type ProjectRow, projectDtos } from './project-dto';
import { ordersOfProject, replaceOrders } from './project-orders';
import { announceRemoval, countActiveDependents, removeDependents } from './project-removal';
import { projectHistory, projects } from './projects.tables';

/** Project numbers Karm hands out start here. */
export const FIRST_PROJECT_NUMBER = 1_001;

export const findOwnProject = async (db: Executor, companyId: string, projectId: string) => {
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.companyId, companyId), eq(projects.id, projectId)));
  if (!row) throw notFound('Project');
  return row;
};

const toDto = async (ctx: AppContext, companyId: string, row: ProjectRow) =>
  (await projectDtos(ctx, companyId, [row]))[0] as ProjectDto;

const publish = async (ctx: AppContext, companyId: string, row: ProjectRow) => {
  const dto = await toDto(ctx, companyId, row);
  ctx.realtime.toCompany(companyId, PROJECT_PUSHES.projectChanged, dto);
  return dto;
};

const record = (
  tx: Executor,
  actor: Actor,
  projectId: string,
  action: string,
  changes: Record<string, unknown>,
) =>
  tx
    .insert(projectHistory)
    .values({ companyId: actor.companyId, projectId, userId: actor.userId, action, changes });

/** What a webhook receiver gets of a project: its facts, not the screen's DTO. */
const projectEventData = (row: ProjectRow) => ({
  id: row.id,
  number: row.number,
  name: row.name,
  state: row.state,
  customerId: row.customerId,
  departmentId: row.departmentId,
  projectManagerId: row.projectManagerId,
  startDate: row.startDate,
  deliveryDate: row.deliveryDate,
  endDate: row.endDate,
  projectValue: row.projectValue,
  isService: row.isService,
  updatedAt: row.updatedAt.toISOString(),
  version: row.version,
});

/** Records the project's webhook event inside the change's transaction (issue 12). */
const projectEvent = (
  tx: Executor,
  ctx: AppContext,
  row: ProjectRow,
  event: 'project.created' | 'project.updated' | 'project.archived',
) => publishWebhookEvent(ctx, row.companyId, event, projectEventData(row), tx);

/** The stale-version answer: the client offers to retrieve the newer data (SPEC §4). */
const staleVersion = (current: number) =>
  conflict('The project has been changed by someone else', { currentVersion: current });

/** Updates a project only at the version the caller read; answers the new row. */
const updateAtVersion = async (
  tx: Executor,
  ctx: AppContext,
  actor: Actor,
  id: string,
  version: number,
  values: Partial<typeof projects.$inferInsert>,
) => {
  const [row] = await tx
    .update(projects)
    .set({ ...values, updatedAt: ctx.clock.now(), version: sql`${projects.version} + 1` })
    .where(and(eq(projects.companyId, actor.companyId), eq(projects.id, id), eq(projects.version, version)))
    .returning();
  if (row) return row;
  const current = await findOwnProject(tx, actor.companyId, id);
  throw staleVersion(current.version);
};

type ReferenceFields = Pick<
  ProjectRow,
  'customerId' | 'contactId' | 'departmentId' | 'projectManagerId' | 'projectCategory'
>;

/**
 * The records a project points at must be the company's own, its contact one of its customer's
 * (DESIGN rule 4). `changes` holds what the write sets; `after` the project as it will be.
 */
const checkReferences = async (
  tx: Executor,
  companyId: string,
  changes: Partial<ReferenceFields>,
  after: ReferenceFields,
) => {
  await assertReferencesInCompany(tx, companyId, {
    ...customerAndContactReferences(changes, after),
    departmentId: [DEPARTMENTS_REFERABLE, changes.departmentId],
    projectManagerId: [EMPLOYEES_REFERABLE, changes.projectManagerId],
  });
  await assertCollectionKeys(tx, companyId, {
    projectCategory: ['projectCategory', changes.projectCategory],
  });
};

export const getProject = async (ctx: AppContext, actor: Actor, id: string) =>
  toDto(ctx, actor.companyId, await findReadableProject(ctx.db, actor, id));

/**
 * Inserts a project with its orders inside the caller's transaction (the offer → project conversion
 * runs it in its own); call `publishProject` after the commit.
 */
export const insertProject = async (
  tx: Executor,
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof projectCreateSchema> & { offerId?: string | null },
) => {
  const { orders, ...fields } = input;
  await checkReferences(tx, actor.companyId, fields, fields);
  const number = await takeNextNumber(tx, actor.companyId, 'project', FIRST_PROJECT_NUMBER);
  const [created] = await tx
    .insert(projects)
    .values({
      companyId: actor.companyId,
      number,
      ...fields,
      createdAt: ctx.clock.now(),
      updatedAt: ctx.clock.now(),
    })
    .returning();
  if (!created) throw new Error('Project insert returned nothing');
  const projectValue = await replaceOrders(tx, actor.companyId, created.id, orders);
  await applyDeliveryDate(tx, actor.companyId, created.id, created.deliveryDate);
  await record(tx, actor, created.id, 'created', { name: created.name });
  const [withValue] = await tx
    .update(projects)
    .set({ projectValue })
    .where(eq(projects.id, created.id))
    .returning();
  await projectEvent(tx, ctx, withValue ?? created, 'project.created');
  return withValue ?? created;
};

/** Pushes a committed project change to the company and answers its DTO. */
export const publishProject = (ctx: AppContext, companyId: string, row: ProjectRow) =>
  publish(ctx, companyId, row);

export const createProject = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof projectCreateSchema>,
) => {
  const row = await ctx.db.transaction((tx) => insertProject(tx, ctx, actor, input));
  return publish(ctx, actor.companyId, row);
};

export const updateProject = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof projectUpdateSchema>,
) => {
  const row = await ctx.db.transaction(async (tx) => {
    const before = await findOwnProject(tx, actor.companyId, input.id);
    await checkReferences(tx, actor.companyId, input.changes, { ...before, ...input.changes });
    const updated = await updateAtVersion(tx, ctx, actor, input.id, input.version, input.changes);
    if (input.changes.deliveryDate !== undefined && input.changes.deliveryDate !== before.deliveryDate) {
      await applyDeliveryDate(tx, actor.companyId, updated.id, updated.deliveryDate);
    }
    const changed = Object.fromEntries(
      Object.entries(input.changes).filter(([field, value]) => before[field as keyof ProjectRow] !== value),
    );
    await record(tx, actor, updated.id, 'updated', changed);
    await projectEvent(tx, ctx, updated, 'project.updated');
    return updated;
  });
  return publish(ctx, actor.companyId, row);
};

/** SPEC §4: a project date update sets start, delivery and end dates together. */
export const updateProjectDates = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof projectDatesSchema>,
) => {
  const { id, version, ...dates } = input;
  return updateProject(ctx, actor, { id, version, changes: dates });
};

/**
 * Delivery week picker: the Friday of the chosen week, or — when the process cannot reach it —
 * the earliest reachable date (SPEC §8 "Not possible to reach delivery date; delivery date will
 * get postponed").
 */
export const setDeliveryWeek = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof deliveryWeekSchema>,
) => {
  const columns = await listProcessColumns(ctx, actor.companyId);
  const wanted = deliveryDateOfWeek(input.year, input.week);
  const reach = checkDeliveryReachable({ today: todayIn(ctx.clock), deliveryDate: wanted, columns });
  const deliveryDate = reach.isReachable ? wanted : reach.earliestDate;
  const project = await updateProject(ctx, actor, {
    id: input.id,
    version: input.version,
    changes: { deliveryDate },
  });
  return { project, isPostponed: !reach.isReachable };
};

export const saveProjectOrders = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof projectOrdersSaveSchema>,
) => {
  const row = await ctx.db.transaction(async (tx) => {
    await findOwnProject(tx, actor.companyId, input.id);
    const projectValue = await replaceOrders(tx, actor.companyId, input.id, input.orders);
    const updated = await updateAtVersion(tx, ctx, actor, input.id, input.version, { projectValue });
    await record(tx, actor, input.id, 'orders', { orders: input.orders.length, projectValue });
    await projectEvent(tx, ctx, updated, 'project.updated');
    return updated;
  });
  const project = await publish(ctx, actor.companyId, row);
  return { project, orders: await ordersOfProject(ctx.db, actor.companyId, input.id) };
};

export const archiveProject = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof projectArchiveSchema>,
) => {
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await updateAtVersion(tx, ctx, actor, input.id, input.version, {
      state: 'archived',
      archivedAt: ctx.clock.now(),
      archivedBy: actor.userId,
      archiveReason: input.reason,
    });
    await record(tx, actor, input.id, 'archived', { reason: input.reason });
    await projectEvent(tx, ctx, updated, 'project.archived');
    return updated;
  });
  return publish(ctx, actor.companyId, row);
};

export const unarchiveProject = async (
  ctx: AppContext,
  actor: Actor,
  input: { id: string; version: number },
) => {
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await updateAtVersion(tx, ctx, actor, input.id, input.version, {
      state: 'active',
      archivedAt: null,
      archivedBy: null,
      archiveReason: null,
    });
    await record(tx, actor, input.id, 'unarchived', {});
    await projectEvent(tx, ctx, updated, 'project.updated');
    return updated;
  });
  return publish(ctx, actor.companyId, row);
};

/**
 * Removes a project. With active plans it refuses until the caller confirms (the client asks the
 * person), then removes the plans in the same transaction (SPEC §4).
 */
export const deleteProject = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof projectDeleteSchema>,
) => {
  const project = await findOwnProject(ctx.db, actor.companyId, input.id);
  if (project.version !== input.version) throw staleVersion(project.version);
  const activePlans = await countActiveDependents(ctx, actor.companyId, project.id);
  if (activePlans > 0 && !input.isPlanRemovalConfirmed) {
    throw new AppError('CONFLICT', 'The project has active plans; confirm to remove them with it', {
      activePlans,
    });
  }
  const removedPlans = await ctx.db.transaction(async (tx) => {
    const removed = await removeDependents(tx, actor.companyId, project.id, ctx.clock.now());
    await removeEntriesOfProject(tx, actor.companyId, project.id);
    const [deleted] = await tx
      .delete(projects)
      .where(and(eq(projects.id, project.id), eq(projects.version, input.version)))
      .returning({ id: projects.id });
    if (!deleted) throw staleVersion(project.version + 1);
    return removed;
  });
  ctx.realtime.toCompany(actor.companyId, PROJECT_PUSHES.projectRemoved, { id: project.id });
  announceRemoval(ctx, actor.companyId, project.id);
  return { id: project.id, removedPlans };
};

/** SPEC §7 projects:all (status aktiv): the active projects, for pickers. */
export const listActiveProjects = (ctx: AppContext, actor: Actor) =>
  ctx.db
    .select({ id: projects.id, number: projects.number, name: projects.name })
    .from(projects)
    .where(
      and(
        eq(projects.companyId, actor.companyId),
        eq(projects.state, 'active'),
        projectReadScope(ctx.db, actor),
      ),
    )
    .orderBy(asc(projects.number));

/** SPEC §7 GET project/get-combined: the project, its process cells, orders and invoice summary. */
export const getProjectCombined = async (
  ctx: AppContext,
  actor: Actor,
  projectId: string,
): Promise<ProjectCombinedDto> => {
  const row = await findReadableProject(ctx.db, actor, projectId);
  const [project, processEntries, orders] = await Promise.all([
    toDto(ctx, actor.companyId, row),
    entriesOfProjects(ctx.db, actor.companyId, [projectId]),
    ordersOfProject(ctx.db, actor.companyId, projectId),
  ]);
  return {
    project,
    processEntries,
    orders,
    // Invoices arrive with the invoicing module; until then every order is "no invoice created".
    invoiceSummary: {
      orderCount: orders.length,
      total: orders.reduce((sum: number, order: OrderDto) => sum + order.total, 0),
      invoiceStatus: INVOICE_STATUS_CODES.noInvoice,
    },
  };
};

/** A batch of the company's projects with their delivery dates, by id after `afterId` (recomputing process dates). */
export const projectDeliveryDates = async (
  db: Executor,
  companyId: string,
  afterId: string | null,
  limit: number,
) =>
  db
    .select({ id: projects.id, deliveryDate: projects.deliveryDate })
    .from(projects)
    .where(and(eq(projects.companyId, companyId), afterId ? sql`${projects.id} > ${afterId}` : undefined))
    .orderBy(asc(projects.id))
    .limit(limit);

export const countProjects = async (db: Executor, companyId: string) => {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(projects)
    .where(eq(projects.companyId, companyId));
  return Number(row?.total ?? 0);
};
