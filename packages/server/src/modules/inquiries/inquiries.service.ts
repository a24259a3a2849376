import {
  INQUIRY_PUSHES,
  type InquiryDetailsDto,
  type inquiryArchiveSchema,
  type inquiryCreateSchema,
  type inquiryUpdateSchema,
} from '@karm/domain/contract';
import { VALIDATION_MESSAGE_KEYS as MESSAGES } from '@karm/domain/rules';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { takeNextNumber } from '../../platform/db/number-sequences';
import { assertReferencesInCompany } from '../../platform/db/references';
import { conflict, notFound, validationError } from '../../platform/errors';
import { assertCollectionKeys } from '../collections/collection-values';
import { customerAndContactReferences } from '../customers/contacts.service';
import { EMPLOYEES_REFERABLE } from '../employees/employees.service';
import { filesOfEntity } from '../files/files.service';
import { publishWebhookEvent } from '../webhooks/webhooks.service';
import { inquiries } from './inquiries.tables';
import { type InquiryRow, inquiryDtos } from './inquiry-dto';
import { describeChanges, fieldValuesOf, historyOf, recordHistory } from './inquiry-history';

/** Inquiry numbers Karm hands out start here. */
export const FIRST_INQUIRY_NUMBER = 1;

type InquiryFields = z.output<typeof inquiryCreateSchema>;

/** The inquiry of the actor's company; another company's inquiry is "not found". */
export const findOwnInquiry = async (db: Executor, companyId: string, inquiryId: string) => {
  const [row] = await db
    .select()
    .from(inquiries)
    .where(and(eq(inquiries.companyId, companyId), eq(inquiries.id, inquiryId)));
  if (!row) throw notFound('Inquiry');
  return row;
};

/**
 * Owner, customer and contact must be the company's own (DESIGN rule 4); the customer is a customer
 * or a one-time customer, not both; the contact belongs to the chosen customer. `changes` holds what
 * the write sets, `after` the inquiry as it will be.
 */
const checkReferences = async (
  tx: Executor,
  actor: Actor,
  changes: Partial<InquiryFields>,
  after: InquiryFields,
) => {
  if (after.customerId && after.oneTimeCustomer) {
    throw validationError({ customerId: MESSAGES.oneCustomerOnly }, 'A customer or a one-time customer');
  }
  await assertReferencesInCompany(tx, actor.companyId, {
    ownerId: [EMPLOYEES_REFERABLE, changes.ownerId],
    ...customerAndContactReferences(changes, after),
  });
  await assertCollectionKeys(tx, actor.companyId, {
    projectCategory: ['projectCategory', changes.projectCategory],
    complexity: ['complexity', changes.complexity],
    customerCategory: ['customerCategory', changes.customerCategory],
    ownerType: ['ownerType', changes.ownerType],
  });
};

/** A chosen customer brings its own credit score; one is entered only for a one-time customer. */
const withoutStaleCreditScore = <T extends { customerId?: string | null; creditScore?: string }>(
  fields: T,
) => (fields.customerId ? { ...fields, creditScore: '' } : fields);

const details = async (ctx: AppContext, companyId: string, row: InquiryRow): Promise<InquiryDetailsDto> => {
  const [[dto], history, documents] = await Promise.all([
    inquiryDtos(ctx, companyId, [row]),
    historyOf(ctx.db, companyId, row.id),
    filesOfEntity(ctx.db, companyId, 'document', row.id),
  ]);
  if (!dto) throw new Error('Inquiry DTO missing');
  return { ...dto, history, documents };
};

/** Pushes the changed inquiry to every signed-in user of the company (DESIGN rule 7). */
export const publishInquiry = async (ctx: AppContext, companyId: string, row: InquiryRow) => {
  const [dto] = await inquiryDtos(ctx, companyId, [row]);
  ctx.realtime.toCompany(companyId, INQUIRY_PUSHES.inquiryChanged, dto);
};

export const changed = async (ctx: AppContext, companyId: string, row: InquiryRow) => {
  await publishInquiry(ctx, companyId, row);
  return details(ctx, companyId, row);
};

const staleVersion = (current: number) =>
  conflict('The inquiry has been changed by someone else', { currentVersion: current });

/** Updates an inquiry only at the version the caller read (DESIGN rule 5); answers the new row. */
export const updateAtVersion = async (
  tx: Executor,
  ctx: AppContext,
  actor: Actor,
  id: string,
  version: number,
  values: Partial<typeof inquiries.$inferInsert>,
) => {
  const [row] = await tx
    .update(inquiries)
    .set({ ...values, updatedAt: ctx.clock.now(), version: sql`${inquiries.version} + 1` })
    .where(
      and(eq(inquiries.companyId, actor.companyId), eq(inquiries.id, id), eq(inquiries.version, version)),
    )
    .returning();
  if (row) return row;
  const current = await findOwnInquiry(tx, actor.companyId, id);
  throw staleVersion(current.version);
};

export const getInquiry = async (ctx: AppContext, actor: Actor, id: string) =>
  details(ctx, actor.companyId, await findOwnInquiry(ctx.db, actor.companyId, id));

export const createInquiry = async (ctx: AppContext, actor: Actor, input: InquiryFields) => {
  const fields = withoutStaleCreditScore(input);
  const row = await ctx.db.transaction(async (tx) => {
    await checkReferences(tx, actor, input, input);
    const number = await takeNextNumber(tx, actor.companyId, 'inquiry', FIRST_INQUIRY_NUMBER);
    const now = ctx.clock.now();
    const [created] = await tx
      .insert(inquiries)
      .values({ companyId: actor.companyId, number, ...fields, createdAt: now, updatedAt: now })
      .returning();
    if (!created) throw new Error('Inquiry insert returned nothing');
    await recordHistory(tx, actor, created.id, { action: 'created', detail: created.projectName });
    await publishWebhookEvent(
      ctx,
      actor.companyId,
      'inquiry.created',
      {
        id: created.id,
        number: created.number,
        projectName: created.projectName,
        receivedDate: created.receivedDate,
        deadline: created.deadline,
        customerId: created.customerId,
        ownerId: created.ownerId,
        projectCategory: created.projectCategory,
      },
      tx,
    );
    return created;
  });
  return changed(ctx, actor.companyId, row);
};

export const updateInquiry = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof inquiryUpdateSchema>,
) => {
  const before = await findOwnInquiry(ctx.db, actor.companyId, input.id);
  if (before.version !== input.version) throw staleVersion(before.version);
  const merged = { ...(fieldValuesOf(before) as InquiryFields), ...input.changes };
  const values = merged.customerId ? withoutStaleCreditScore(input.changes) : input.changes;
  // Read before the transaction: the names come from other modules' reads on the shared connection.
  const changes = await describeChanges(ctx, actor.companyId, fieldValuesOf(before), values);
  const row = await ctx.db.transaction(async (tx) => {
    await checkReferences(tx, actor, input.changes, merged);
    const updated = await updateAtVersion(tx, ctx, actor, input.id, input.version, values);
    if (changes.length > 0) await recordHistory(tx, actor, updated.id, { action: 'updated', changes });
    return updated;
  });
  return changed(ctx, actor.companyId, row);
};

/** SPEC §4: archiving asks why; who, when and why are kept on the inquiry and in its history. */
export const archiveInquiry = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof inquiryArchiveSchema>,
) => {
  const before = await findOwnInquiry(ctx.db, actor.companyId, input.id);
  if (before.archivedAt) throw conflict('The inquiry is already archived');
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await updateAtVersion(tx, ctx, actor, input.id, before.version, {
      archivedAt: ctx.clock.now(),
      archivedBy: actor.userId,
      archiveReason: input.reason,
    });
    await recordHistory(tx, actor, input.id, { action: 'archived', detail: input.reason });
    return updated;
  });
  return changed(ctx, actor.companyId, row);
};

export const unarchiveInquiry = async (ctx: AppContext, actor: Actor, input: { id: string }) => {
  const before = await findOwnInquiry(ctx.db, actor.companyId, input.id);
  if (!before.archivedAt) throw conflict('The inquiry is not archived');
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await updateAtVersion(tx, ctx, actor, input.id, before.version, {
      archivedAt: null,
      archivedBy: null,
      archiveReason: null,
    });
    await recordHistory(tx, actor, input.id, { action: 'unarchived' });
    return updated;
  });
  return changed(ctx, actor.companyId, row);
};
