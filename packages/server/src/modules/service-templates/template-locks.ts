import {
  SERVICE_TEMPLATE_PUSHES,
  type ServiceTemplateFullDto,
  type ServiceTemplatesChangedPush,
} from '@karm/domain/contract';
import {
  type AnswerLike,
  VALIDATION_MESSAGE_KEYS as MESSAGES,
  needsFirstAnswerConfirmation,
} from '@karm/domain/rules';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import type { Referable } from '../../platform/db/references';
import { AppError, notFound } from '../../platform/errors';
import {
  globalAnswerGroups,
  serviceFunctionGroups,
  serviceFunctions,
  serviceGroups,
  serviceRows,
  serviceTemplates,
} from './service-templates.tables';
import type { TemplateRow } from './starters';

/**
 * What every change of a template's tree does first: lock the template row and raise its version
 * (one statement). Changes of one template therefore take turns, whichever group, row or answer they
 * touch, and each finds the orders the one before it left; a template is always locked before
 * anything under it, so two changes never wait for each other in opposite order.
 */

/** The module's tables other writes point at: checked to be the company's like any reference. */
const referableOf = (table: PgTable & { id: AnyPgColumn; companyId: AnyPgColumn }): Referable => ({
  table,
  id: table.id,
  companyId: table.companyId,
});
export const SERVICE_TEMPLATES_REFERABLE = referableOf(serviceTemplates);
export const SERVICE_GROUPS_REFERABLE = referableOf(serviceGroups);
export const SERVICE_ROWS_REFERABLE = referableOf(serviceRows);
export const GLOBAL_ANSWER_GROUPS_REFERABLE = referableOf(globalAnswerGroups);
export const SERVICE_FUNCTIONS_REFERABLE = referableOf(serviceFunctions);
export const SERVICE_FUNCTION_GROUPS_REFERABLE = referableOf(serviceFunctionGroups);

/** A stale version: the client offers to read the newer data (SPEC §4). */
export const staleVersion = (currentVersion: number | null) =>
  new AppError('CONFLICT', MESSAGES.serviceTemplateChanged, { reason: 'stale', currentVersion });

export const assertVersion = (row: { version: number }, version: number) => {
  if (row.version !== version) throw staleVersion(row.version);
};

/**
 * Locks the company's template for a change of its tree and raises its version; with `version`, only
 * at that version (stale → CONFLICT). NOT_FOUND when the company has no such template.
 */
export const touchTemplate = async (
  tx: Executor,
  companyId: string,
  templateId: string,
  now: Date,
  version?: number,
): Promise<TemplateRow> => {
  const [row] = await tx
    .update(serviceTemplates)
    .set({ version: sql`${serviceTemplates.version} + 1`, updatedAt: now })
    .where(
      and(
        eq(serviceTemplates.companyId, companyId),
        eq(serviceTemplates.id, templateId),
        version === undefined ? undefined : eq(serviceTemplates.version, version),
      ),
    )
    .returning();
  if (row) return row;
  const [current] = await tx
    .select({ version: serviceTemplates.version })
    .from(serviceTemplates)
    .where(and(eq(serviceTemplates.companyId, companyId), eq(serviceTemplates.id, templateId)));
  if (!current) throw notFound('Service template');
  throw staleVersion(current.version);
};

/**
 * Locks templates a change reads but does not change (the source of a copy) against changes until it
 * commits, so it copies one consistent version.
 */
export const holdTemplates = async (tx: Executor, companyId: string, templateIds: string[]) => {
  if (templateIds.length === 0) return [];
  return tx
    .select()
    .from(serviceTemplates)
    .where(and(eq(serviceTemplates.companyId, companyId), inArray(serviceTemplates.id, templateIds)))
    .orderBy(serviceTemplates.id)
    .for('share');
};

/**
 * Locks several templates in id order — the ones in `touched` are changed (version raised), the rest
 * only held — so two copies between the same templates in opposite directions never deadlock.
 */
export const lockTemplates = async (
  tx: Executor,
  companyId: string,
  touched: string[],
  held: string[],
  now: Date,
) => {
  const rows = new Map<string, TemplateRow>();
  for (const id of [...new Set([...touched, ...held])].sort()) {
    if (touched.includes(id)) rows.set(id, await touchTemplate(tx, companyId, id, now));
    else {
      const [row] = await holdTemplates(tx, companyId, [id]);
      if (!row) throw notFound('Service template');
      rows.set(id, row);
    }
  }
  return rows;
};

/** A row of one of the company's tables by id; NOT_FOUND (never another company's). */
export const findOwn = async <Row>(
  tx: Executor,
  table: PgTable & { id: AnyPgColumn; companyId: AnyPgColumn },
  companyId: string,
  id: string,
  what: string,
): Promise<Row> => {
  const [row] = await tx
    .select()
    .from(table as PgTable)
    .where(and(eq(table.companyId, companyId), eq(table.id, id)));
  if (!row) throw notFound(what);
  return row as Row;
};

/**
 * SPEC §5: the answer at position 1 must be a positive OK value. A change that puts another there is
 * refused (and rolled back) unless the person confirmed it.
 */
export const assertFirstAnswer = (
  before: readonly AnswerLike[],
  after: readonly AnswerLike[],
  isConfirmed: boolean,
) => {
  if (isConfirmed || !needsFirstAnswerConfirmation(before, after)) return;
  throw new AppError('CONFLICT', MESSAGES.firstAnswerNotOk, {
    reason: 'firstAnswerNotOk',
    name: after[0]?.name ?? '',
  });
};

/** After a commit: open lists and editors read again what changed. */
export const announce = (ctx: AppContext, companyId: string, change: Partial<ServiceTemplatesChangedPush>) =>
  ctx.realtime.toCompany(companyId, SERVICE_TEMPLATE_PUSHES.changed, {
    templates: change.templates ?? [],
    isGlobalAnswersChanged: change.isGlobalAnswersChanged ?? false,
    isFunctionsChanged: change.isFunctionsChanged ?? false,
  } satisfies ServiceTemplatesChangedPush);

export const announceTemplates = (ctx: AppContext, companyId: string, templates: ServiceTemplateFullDto[]) =>
  announce(ctx, companyId, {
    templates: templates.map((template) => ({ id: template.id, version: template.version })),
  });
