import {
  OFFER_PUSHES,
  type OfferDetailDto,
  type OfferDto,
  type offerArchiveSchema,
  type offerCreateSchema,
  type offerFieldsSchema,
  type offerLineSchema,
  type offerUpdateSchema,
} from '@karm/domain/contract';
import { linesTotals } from '@karm/domain/rules';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Clock, todayIn } from '../../platform/clock';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { numberSequences, takeNextNumber } from '../../platform/db/number-sequences';
import { assertReferencesInCompany } from '../../platform/db/references';
import { AppError, conflict, notFound, validationError } from '../../platform/errors';
import { assertCollectionKeys } from '../collections/collection-values';
import { customerAndContactReferences } from '../customers/contacts.service';
import { findOwnCustomer } from '../customers/customers.service';
import { EMPLOYEES_REFERABLE } from '../employees/employees.service';
import { publishWebhookEvent } from '../webhooks/webhooks.service';
import { ensureOfferConfig, OFFER_STATUSES_REFERABLE, readOfferSettings } from './offer-config.service';
import { type OfferRow, offerDtos } from './offer-dto';
import { describeOfferChanges, offerHistoryOf, recordOfferHistory } from './offer-history';
import { linesOfOffer, replaceOfferLines } from './offer-lines';
import { offers } from './offers.tables';

type OfferFields = z.output<typeof offerFieldsSchema>;
type OfferLineInput = z.output<typeof offerLineSchema>;
export type OfferCreate = z.output<typeof offerCreateSchema> & {
  /** Set by the inquiry → offer conversion. */
  inquiryId?: string | null;
  inquiryNumber?: number | null;
};

export const OFFER_NUMBER_SEQUENCE = 'offer';

export const findOwnOffer = async (db: Executor, companyId: string, offerId: string) => {
  const [row] = await db
    .select()
    .from(offers)
    .where(and(eq(offers.companyId, companyId), eq(offers.id, offerId)));
  if (!row) throw notFound('Offer');
  return row;
};

export const toOfferDto = async (ctx: AppContext, companyId: string, row: OfferRow) =>
  (await offerDtos(ctx, companyId, [row]))[0] as OfferDto;

/** After a commit: tells the company's browsers (SPEC realtime) and answers the offer. */
export const publishOffer = async (ctx: AppContext, companyId: string, row: OfferRow) => {
  const dto = await toOfferDto(ctx, companyId, row);
  ctx.realtime.toCompany(companyId, OFFER_PUSHES.offerChanged, dto);
  return dto;
};

/**
 * Records `offer.status_changed` for webhook receivers inside the change's transaction, when the
 * status did change (issue 12).
 */
export const recordOfferStatusEvent = async (
  tx: Executor,
  ctx: AppContext,
  previousStatusId: string | null,
  row: OfferRow,
) => {
  if (row.statusId === previousStatusId) return;
  await publishWebhookEvent(
    ctx,
    row.companyId,
    'offer.status_changed',
    {
      id: row.id,
      number: row.number,
      projectName: row.projectName,
      customerId: row.customerId,
      previousStatusId,
      statusId: row.statusId,
      statusChangedAt: row.statusChangedAt,
      projectId: row.projectId,
    },
    tx,
  );
};

type ReferenceFields = Pick<OfferFields, 'customerId' | 'oneTimeCustomer' | 'contactId'>;

/**
 * Customer and one-time customer exclude each other; customer, contact (one of the customer's),
 * owner and status must be the company's own (DESIGN rule 4). `changes` holds what the write sets,
 * `after` the offer as it will be.
 */
const checkReferences = async (
  tx: Executor,
  companyId: string,
  changes: Partial<OfferFields>,
  after: ReferenceFields,
) => {
  if (after.customerId && after.oneTimeCustomer) {
    throw validationError({ customerId: 'validation.oneCustomerOnly' }, 'Customer or one-time customer');
  }
  await assertReferencesInCompany(tx, companyId, {
    ...customerAndContactReferences(changes, after),
    ownerId: [EMPLOYEES_REFERABLE, changes.ownerId],
    statusId: [OFFER_STATUSES_REFERABLE, changes.statusId],
  });
  await assertCollectionKeys(tx, companyId, {
    projectCategory: ['projectCategory', changes.projectCategory],
    complexity: ['complexity', changes.complexity],
    ownerType: ['ownerType', changes.ownerType],
  });
};

/** The next offer number: the per-company sequence, never below the config's first number. */
const nextOfferNumber = async (tx: Executor, companyId: string, firstNumber: number) => {
  const taken = await takeNextNumber(tx, companyId, OFFER_NUMBER_SEQUENCE, firstNumber);
  if (taken >= firstNumber) return taken;
  // The admin raised the numbering: jump the sequence (its row is locked by the upsert above).
  await tx
    .update(numberSequences)
    .set({ lastValue: firstNumber })
    .where(and(eq(numberSequences.companyId, companyId), eq(numberSequences.kind, OFFER_NUMBER_SEQUENCE)));
  return firstNumber;
};

/**
 * Inserts an offer inside the caller's transaction (the inquiry → offer conversion runs it in its
 * own); answers the row without telling anyone — call `publishOffer` after the commit. References
 * (customer, status) are checked inside the same transaction.
 */
export const createOffer = async (tx: Executor, actor: Actor, input: OfferCreate, clock: Clock) => {
  const { lines, inquiryId = null, inquiryNumber = null, ...fields } = input;
  // Stored first: a status chosen from the starter statuses read must exist to be checked.
  const config = await ensureOfferConfig(tx, actor.companyId);
  await checkReferences(tx, actor.companyId, fields, fields);
  const number = await nextOfferNumber(tx, actor.companyId, config.firstNumber);
  const now = clock.now();
  const [created] = await tx
    .insert(offers)
    .values({
      companyId: actor.companyId,
      number,
      ...fields,
      statusId: fields.statusId ?? config.defaultStatusId,
      statusChangedAt: todayIn(clock),
      inquiryId,
      inquiryNumber,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!created) throw new Error('Offer insert returned nothing');
  const totals = await replaceOfferLines(tx, actor.companyId, created.id, lines);
  const [withTotals] = await tx.update(offers).set(totals).where(eq(offers.id, created.id)).returning();
  await recordOfferHistory(tx, actor, created.id, 'created', { number, projectName: created.projectName });
  return withTotals ?? created;
};

/** POST /offers. */
export const addOffer = async (ctx: AppContext, actor: Actor, input: OfferCreate) => {
  const row = await ctx.db.transaction((tx) => createOffer(tx, actor, input, ctx.clock));
  return publishOffer(ctx, actor.companyId, row);
};

const staleVersion = (current: number) =>
  conflict('The offer has been changed by someone else', { currentVersion: current });

/** Updates an offer only at the version the caller read (DESIGN rule 5); answers the new row. */
export const updateOfferAtVersion = async (
  tx: Executor,
  ctx: AppContext,
  actor: Actor,
  id: string,
  version: number,
  values: Partial<typeof offers.$inferInsert>,
) => {
  const [row] = await tx
    .update(offers)
    .set({ ...values, updatedAt: ctx.clock.now(), version: sql`${offers.version} + 1` })
    .where(and(eq(offers.companyId, actor.companyId), eq(offers.id, id), eq(offers.version, version)))
    .returning();
  if (row) return row;
  const current = await findOwnOffer(tx, actor.companyId, id);
  throw staleVersion(current.version);
};

/** The lines as they are compared: a save that sends the same lines again changes nothing. */
const lineFacts = (lines: readonly (Omit<OfferLineInput, 'id' | 'vatPercent'> & { vatPercent: number })[]) =>
  JSON.stringify(
    lines.map(({ description, count, unitPrice, discountPercent, costPrice, vatPercent }) => ({
      description,
      count,
      unitPrice,
      discountPercent,
      costPrice,
      vatPercent,
    })),
  );

/**
 * PATCH /offers. A new status restarts the deadline count from today (SPEC §4); new lines replace
 * the old ones and recompute value and contribution margin. The history names each changed field
 * from what to what; the names in it are read before the transaction, at the version the caller read.
 */
export const updateOffer = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof offerUpdateSchema>,
) => {
  const { id, version, changes, lines } = input;
  const [before, linesBefore, { config }] = await Promise.all([
    findOwnOffer(ctx.db, actor.companyId, id),
    linesOfOffer(ctx.db, actor.companyId, id),
    readOfferSettings(ctx.db, actor.companyId),
  ]);
  if (before.version !== version) throw staleVersion(before.version);
  const values: Partial<typeof offers.$inferInsert> = { ...changes };
  if (changes.statusId !== undefined) {
    values.statusId = changes.statusId ?? config.defaultStatusId;
    if (values.statusId !== before.statusId) values.statusChangedAt = todayIn(ctx.clock);
  }
  const areLinesChanged = lines !== undefined && lineFacts(lines) !== lineFacts(linesBefore);
  if (lines) {
    const { value, contributionMargin } = linesTotals(lines);
    Object.assign(values, { value, contributionMargin });
  }
  const history = await describeOfferChanges(
    ctx,
    actor.companyId,
    { ...before, lines: linesBefore.length },
    { ...values, ...(areLinesChanged ? { lines: lines.length } : {}) },
  );
  // A changed line with the same count still counts as a change of the lines.
  if (areLinesChanged && !history.some((change) => change.field === 'lines')) {
    history.push({ field: 'lines', from: String(linesBefore.length), to: String(lines.length) });
  }
  const row = await ctx.db.transaction(async (tx) => {
    const current = await findOwnOffer(tx, actor.companyId, id);
    const merged = { ...current, ...changes };
    await checkReferences(tx, actor.companyId, changes, {
      customerId: merged.customerId,
      contactId: merged.contactId,
      oneTimeCustomer: merged.oneTimeCustomer ?? null,
    });
    // Stored first: a status chosen from the starter statuses read must exist.
    if (changes.statusId !== undefined) await ensureOfferConfig(tx, actor.companyId);
    if (lines) await replaceOfferLines(tx, actor.companyId, id, lines);
    const updated = await updateOfferAtVersion(tx, ctx, actor, id, version, values);
    if (history.length > 0) await recordOfferHistory(tx, actor, id, 'updated', { fields: history });
    await recordOfferStatusEvent(tx, ctx, current.statusId, updated);
    return updated;
  });
  return publishOffer(ctx, actor.companyId, row);
};

export const archiveOffer = async (
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: z.output<typeof offerArchiveSchema>,
) => {
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await updateOfferAtVersion(tx, ctx, actor, id, input.version, {
      archived: true,
      archiveReason: input.reason,
      archivedAt: ctx.clock.now(),
      archivedBy: actor.userId,
    });
    await recordOfferHistory(tx, actor, id, 'archived', { reason: input.reason });
    return updated;
  });
  return publishOffer(ctx, actor.companyId, row);
};

export const unarchiveOffer = async (
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: { version: number },
) => {
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await updateOfferAtVersion(tx, ctx, actor, id, input.version, {
      archived: false,
      archiveReason: null,
      archivedAt: null,
      archivedBy: null,
    });
    await recordOfferHistory(tx, actor, id, 'unarchived', {});
    return updated;
  });
  return publishOffer(ctx, actor.companyId, row);
};

/** GET /offers/{id}: the offer with its lines and history. */
export const getOfferDetail = async (ctx: AppContext, actor: Actor, id: string): Promise<OfferDetailDto> => {
  const row = await findOwnOffer(ctx.db, actor.companyId, id);
  const [offer, lines, history] = await Promise.all([
    toOfferDto(ctx, actor.companyId, row),
    linesOfOffer(ctx.db, actor.companyId, id),
    offerHistoryOf(ctx, actor.companyId, id),
  ]);
  return {
    offer,
    lines,
    history,
    isAccountingCustomerMissing: await isAccountingCustomerMissing(ctx, actor.companyId, row),
  };
};

/** The customer exists only in Karm while an accounting system is connected (SPEC §4 conversion question). */
export const isAccountingCustomerMissing = async (ctx: AppContext, companyId: string, row: OfferRow) => {
  if (!row.customerId) return false;
  const customer = await findOwnCustomer(ctx.db, companyId, row.customerId).catch(() => null);
  if (!customer || customer.accountingId || customer.source === 'one-time') return false;
  return ctx.accounting.isConnected(companyId);
};

export const assertNotConverted = (row: OfferRow) => {
  if (row.projectId) {
    throw new AppError('CONFLICT', `Offer already converted to project ${row.projectNumber}`, {
      reason: 'alreadyConverted',
      projectId: row.projectId,
      projectNumber: row.projectNumber,
    });
  }
};
