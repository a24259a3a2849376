import {
  type Access,
  CONFIRMATION_PUSHES,
  type ConfirmationDto,
  type ConfirmationEntityType,
  type ConfirmationKind,
  type ConfirmationLineDto,
  type confirmationCreateSchema,
  type confirmationPatchSchema,
  isAllowed,
  type OrderLineDto,
  type PaymentRule,
} from '@karm/domain/contract';
import { linesTotals, VALIDATION_MESSAGE_KEYS, vatTotals } from '@karm/domain/rules';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { todayIn } from '../../platform/clock';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { takeNextNumber } from '../../platform/db/number-sequences';
import { assertReferencesInCompany } from '../../platform/db/references';
import { isUniqueViolation } from '../../platform/db/unique-violation';
import { AppError, conflict, refusedAction } from '../../platform/errors';
import { customerAndContactReferences } from '../customers/contacts.service';
import { findOwnCustomer } from '../customers/customers.service';
import { linesOfOffer } from '../offers/offer-lines';
import { assertNotConverted, findOwnOffer } from '../offers/offers.service';
import { expenseLinesOfProject } from '../products/expense-lines';
import { ordersOfProject } from '../projects/project-orders';
import { findOwnProject } from '../projects/projects.service';
import {
  assertOrderConfirmation,
  type ConfirmationRow,
  confirmationDto,
  confirmationsOfEntity,
  findOwnConfirmation,
  isConfirmationInvoiced,
} from './confirmation-dto';
import { amountsOf, checkCreditBand, checkDueColumns, replacePaymentRules } from './confirmation-plan';
import { confirmations } from './confirmations.tables';

type CreateInput = z.output<typeof confirmationCreateSchema>;
type PatchInput = z.output<typeof confirmationPatchSchema>;

export const CONFIRMATION_NUMBER_SEQUENCE = 'confirmation';
/** Projects' own invoice plans are numbered apart, so the confirmation numbers people see keep no gaps. */
export const INVOICE_PLAN_NUMBER_SEQUENCE = 'invoice-plan';
export const FIRST_CONFIRMATION_NUMBER = 1;

const NUMBER_SEQUENCES: Record<ConfirmationKind, string> = {
  confirmation: CONFIRMATION_NUMBER_SEQUENCE,
  invoicePlan: INVOICE_PLAN_NUMBER_SEQUENCE,
};

/** The refusals name what was refused: an order confirmation or an invoice plan. */
const REFUSALS: Record<ConfirmationKind, { duplicate: string; invoiced: string; changed: string }> = {
  confirmation: {
    duplicate: VALIDATION_MESSAGE_KEYS.confirmationDuplicate,
    invoiced: VALIDATION_MESSAGE_KEYS.confirmationInvoiced,
    changed: VALIDATION_MESSAGE_KEYS.confirmationChanged,
  },
  invoicePlan: {
    duplicate: VALIDATION_MESSAGE_KEYS.invoicePlanDuplicate,
    invoiced: VALIDATION_MESSAGE_KEYS.invoicePlanInvoiced,
    changed: VALIDATION_MESSAGE_KEYS.invoicePlanChanged,
  },
};

/**
 * Who may read and write a confirmation depends on what it belongs to: an offer's with the offer
 * permissions, a project's with the project ones; `invoices.read` ("See order confirmations and
 * invoices") reads both. The routes name the union; the use case checks the one that applies.
 */
const ENTITY_ACCESS: Record<ConfirmationEntityType, { read: Access; write: Access }> = {
  offer: { read: ['offers.read', 'invoices.read'], write: 'offers.write' },
  project: { read: ['projects.read', 'invoices.read'], write: 'projects.write' },
};

const assertEntityAccess = (
  actor: Actor,
  action: string,
  entityType: ConfirmationEntityType,
  mode: 'read' | 'write',
) => {
  const access = ENTITY_ACCESS[entityType][mode];
  if (!isAllowed(access, actor.permissions)) throw refusedAction(action, access);
};

/** What a confirmation takes from its offer or project: the customer, the contact and the lines. */
type EntitySource = {
  offerId: string | null;
  customerId: string | null;
  contactId: string | null;
  /** A one-time customer's name (offers only): there is no customer id to read it from. */
  oneTimeCustomerName: string;
  lines: ConfirmationLineDto[];
};

/** A line as confirmed: what the customer sees, without the id or the cost price. */
const confirmedLine = ({ id: _id, costPrice: _cost, ...line }: OrderLineDto): ConfirmationLineDto => line;

/** The offer or project of the actor's company; another company's is "not found". */
const entitySource = async (
  db: Executor,
  companyId: string,
  entityType: ConfirmationEntityType,
  entityId: string,
): Promise<EntitySource> => {
  if (entityType === 'offer') {
    const offer = await findOwnOffer(db, companyId, entityId);
    // A converted offer's confirmations belong to its project: new ones are made there.
    assertNotConverted(offer);
    return {
      offerId: offer.id,
      customerId: offer.customerId,
      contactId: offer.contactId,
      oneTimeCustomerName: offer.oneTimeCustomer?.name ?? '',
      lines: (await linesOfOffer(db, companyId, offer.id)).map(confirmedLine),
    };
  }
  const project = await findOwnProject(db, companyId, entityId);
  return {
    offerId: null,
    customerId: project.customerId,
    contactId: project.contactId,
    oneTimeCustomerName: '',
    // The project's order lines, then the parts and hours used on it (issue 19).
    lines: [
      ...(await ordersOfProject(db, companyId, project.id)).flatMap((order) =>
        order.lines.map(confirmedLine),
      ),
      ...(await expenseLinesOfProject(db, companyId, project.id)),
    ],
  };
};

/** Totals of the confirmed lines: ex. VAT, VAT 25 % (SPEC §9) and the total, in øre. */
const totalsOf = (lines: ConfirmationLineDto[]) =>
  vatTotals(linesTotals(lines.map((line) => ({ ...line, costPrice: 0 }))).value);

type Customer = { customerId: string | null; contactId: string | null; customerName: string };

/**
 * The customer and contact a confirmation ends up with: the chosen ones, else the current ones (the
 * offer's or project's on create). A new customer without a contact leaves none, as the old contact
 * is the old customer's. Checked against the company; answered with the customer's name.
 */
const chosenCustomer = async (
  tx: Executor,
  companyId: string,
  chosen: { customerId?: string | null; contactId?: string | null },
  current: Customer,
): Promise<Customer> => {
  const customerId = chosen.customerId === undefined ? current.customerId : chosen.customerId;
  const contactId =
    chosen.contactId !== undefined
      ? chosen.contactId
      : chosen.customerId === undefined
        ? current.contactId
        : null;
  await assertReferencesInCompany(
    tx,
    companyId,
    customerAndContactReferences(
      { customerId: chosen.customerId, contactId: chosen.contactId },
      { customerId, contactId },
    ),
  );
  const customerName = customerId
    ? (await findOwnCustomer(tx, companyId, customerId)).name
    : current.customerName;
  return { customerId, contactId, customerName };
};

export const duplicate = (kind: ConfirmationKind) => conflict(REFUSALS[kind].duplicate);
const invoiced = (kind: ConfirmationKind) => conflict(REFUSALS[kind].invoiced);
export const changedElsewhere = (kind: ConfirmationKind, currentVersion: number) =>
  conflict(REFUSALS[kind].changed, { currentVersion });

/** After a commit: tells the company's browsers and answers the confirmation. */
const publish = async (ctx: AppContext, companyId: string, row: ConfirmationRow) => {
  const dto = await confirmationDto(ctx.db, companyId, row);
  ctx.realtime.toCompany(companyId, CONFIRMATION_PUSHES.confirmationChanged, dto);
  return dto;
};

/** A second create with the same request key — a double click — is refused and stores nothing. */
export const assertNewRequest = async (
  tx: Executor,
  companyId: string,
  kind: ConfirmationKind,
  requestId: string,
) => {
  const [earlier] = await tx
    .select({ id: confirmations.id })
    .from(confirmations)
    .where(and(eq(confirmations.companyId, companyId), eq(confirmations.requestId, requestId)));
  if (earlier) throw duplicate(kind);
};

/**
 * Makes a confirmation or a project's own invoice plan in the caller's transaction: the offer or
 * project (the actor's company's), the customer and contact (its own unless others are chosen,
 * checked against the company), a snapshot of its lines with totals, the next number of its kind,
 * the payment rules split in øre over the total, checked against the customer's credit band.
 */
export const insertConfirmation = async (
  tx: Executor,
  ctx: AppContext,
  actor: Actor,
  kind: ConfirmationKind,
  input: CreateInput,
) => {
  const source = await entitySource(tx, actor.companyId, input.entityType, input.entityId);
  const customer = await chosenCustomer(tx, actor.companyId, input, {
    customerId: source.customerId,
    contactId: source.contactId,
    customerName: source.oneTimeCustomerName,
  });
  await checkDueColumns(tx, actor.companyId, input.paymentRules);
  const totals = totalsOf(source.lines);
  const amounts = amountsOf(totals.total, input.paymentRules);
  await checkCreditBand(tx, actor, {
    customerId: customer.customerId,
    total: totals.total,
    rules: input.paymentRules,
    amounts,
    isApproved: input.isCreditApproved,
  });
  const number = await takeNextNumber(tx, actor.companyId, NUMBER_SEQUENCES[kind], FIRST_CONFIRMATION_NUMBER);
  const now = ctx.clock.now();
  const [created] = await tx
    .insert(confirmations)
    .values({
      companyId: actor.companyId,
      kind,
      entityType: input.entityType,
      entityId: input.entityId,
      offerId: source.offerId,
      number,
      date: input.date ?? todayIn(ctx.clock),
      ...customer,
      lines: source.lines,
      ...totals,
      terms: input.terms,
      requestId: input.requestId,
      createdAt: now,
      updatedAt: now,
      createdBy: actor.userId,
    })
    .returning();
  if (!created) throw new Error('Confirmation insert returned nothing');
  await replacePaymentRules(tx, actor.companyId, created.id, input.paymentRules, amounts);
  return created;
};

/**
 * POST /confirmations, in one transaction (`insertConfirmation`). A second create with the same
 * request key — a double click — is refused with CONFLICT and stores nothing.
 */
export const createConfirmation = async (
  ctx: AppContext,
  actor: Actor,
  input: CreateInput,
): Promise<ConfirmationDto> => {
  assertEntityAccess(actor, 'POST /confirmations', input.entityType, 'write');
  const row = await ctx.db
    .transaction(async (tx) => {
      await assertNewRequest(tx, actor.companyId, 'confirmation', input.requestId);
      return insertConfirmation(tx, ctx, actor, 'confirmation', input);
    })
    .catch((error: unknown) => {
      // Two creates with the same key at once: the second waits on the unique index, then fails.
      throw isUniqueViolation(error) ? duplicate('confirmation') : error;
    });
  return publish(ctx, actor.companyId, row);
};

/**
 * Changes a confirmation or an invoice plan read in the caller's transaction, at the version the
 * caller read (DESIGN rule 5). New payment rules are split over the total again; `refreshLines` takes
 * lines and totals from the offer or project anew. Neither is allowed once a part is invoiced: the
 * invoiced amounts must stay what they were.
 */
export const changeConfirmation = async (
  tx: Executor,
  ctx: AppContext,
  actor: Actor,
  current: ConfirmationRow,
  input: PatchInput,
) => {
  const { id } = current;
  if (current.version !== input.version) throw changedElsewhere(current.kind, current.version);
  const { changes } = input;
  const isPlanChanged = changes.paymentRules !== undefined || input.refreshLines;
  if (isPlanChanged && (await isConfirmationInvoiced(tx, actor.companyId, id))) throw invoiced(current.kind);
  const values: Partial<typeof confirmations.$inferInsert> = {};
  if (changes.date !== undefined) values.date = changes.date;
  if (changes.terms !== undefined) values.terms = changes.terms;
  if (changes.customerId !== undefined || changes.contactId !== undefined) {
    Object.assign(values, await chosenCustomer(tx, actor.companyId, changes, current));
  }
  let lines = current.lines;
  if (input.refreshLines) {
    lines = (await entitySource(tx, actor.companyId, current.entityType, current.entityId)).lines;
    Object.assign(values, { lines, ...totalsOf(lines) });
  }
  const total = totalsOf(lines).total;
  const rules =
    changes.paymentRules ?? (isPlanChanged ? await storedRules(tx, actor.companyId, current) : undefined);
  if (rules) await checkDueColumns(tx, actor.companyId, rules);
  const amounts = rules ? amountsOf(total, rules) : undefined;
  if (rules && amounts) {
    await checkCreditBand(tx, actor, {
      customerId: values.customerId !== undefined ? (values.customerId ?? null) : current.customerId,
      total,
      rules,
      amounts,
      isApproved: input.isCreditApproved,
    });
  }
  const [updated] = await tx
    .update(confirmations)
    .set({ ...values, updatedAt: ctx.clock.now(), version: sql`${confirmations.version} + 1` })
    .where(
      and(
        eq(confirmations.companyId, actor.companyId),
        eq(confirmations.id, id),
        eq(confirmations.version, input.version),
      ),
    )
    .returning();
  if (!updated) throw changedElsewhere(current.kind, current.version + 1);
  if (rules && amounts) await replacePaymentRules(tx, actor.companyId, id, rules, amounts);
  return updated;
};

/** PATCH /confirmations/{id} at the version the caller read (`changeConfirmation`). */
export const updateConfirmation = async (
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: PatchInput,
): Promise<ConfirmationDto> => {
  const before = await findOwnConfirmation(ctx.db, actor.companyId, id);
  assertEntityAccess(actor, 'PATCH /confirmations/:id', before.entityType, 'write');
  assertOrderConfirmation(before);
  const row = await ctx.db.transaction(async (tx) =>
    changeConfirmation(tx, ctx, actor, await findOwnConfirmation(tx, actor.companyId, id), input),
  );
  return publish(ctx, actor.companyId, row);
};

/** The stored rules as input again, to split them over new totals. */
const storedRules = async (db: Executor, companyId: string, row: ConfirmationRow): Promise<PaymentRule[]> =>
  (await confirmationDto(db, companyId, row)).paymentRules.map(({ description, share, due }) => ({
    description,
    share,
    due,
  }));

/**
 * Deletes a confirmation or an invoice plan read in the caller's transaction, at the version read;
 * refused once a part is invoiced.
 */
export const removeConfirmation = async (tx: Executor, companyId: string, row: ConfirmationRow) => {
  if (await isConfirmationInvoiced(tx, companyId, row.id)) throw invoiced(row.kind);
  const [deleted] = await tx
    .delete(confirmations)
    .where(
      and(
        eq(confirmations.companyId, companyId),
        eq(confirmations.id, row.id),
        eq(confirmations.version, row.version),
      ),
    )
    .returning({ id: confirmations.id });
  if (!deleted) throw changedElsewhere(row.kind, row.version + 1);
};

/** DELETE /confirmations/{id}: refused once a part is invoiced. */
export const deleteConfirmation = async (ctx: AppContext, actor: Actor, id: string) => {
  const before = await findOwnConfirmation(ctx.db, actor.companyId, id);
  assertEntityAccess(actor, 'DELETE /confirmations/:id', before.entityType, 'write');
  assertOrderConfirmation(before);
  await ctx.db.transaction(async (tx) =>
    removeConfirmation(tx, actor.companyId, await findOwnConfirmation(tx, actor.companyId, id)),
  );
  ctx.realtime.toCompany(actor.companyId, CONFIRMATION_PUSHES.confirmationChanged, {
    id,
    entityType: before.entityType,
    entityId: before.entityId,
    isDeleted: true,
  });
  return { id };
};

/** A confirmation the actor may read (its offer's or project's read permission); else refused or "not found". */
export const findReadableConfirmation = async (ctx: AppContext, actor: Actor, id: string, action: string) => {
  const row = await findOwnConfirmation(ctx.db, actor.companyId, id);
  assertEntityAccess(actor, action, row.entityType, 'read');
  // A project's own invoice plan has no PDF: it is not an order confirmation.
  assertOrderConfirmation(row);
  return row;
};

/**
 * GET /confirmations/entity-id/{id}: the confirmations of an offer or a project of the actor's
 * company, whichever the id names; neither is "not found".
 */
export const confirmationsOfEntityId = async (ctx: AppContext, actor: Actor, entityId: string) => {
  const entityType = await entityTypeOf(ctx.db, actor.companyId, entityId);
  assertEntityAccess(actor, 'GET /confirmations/entity-id/:id', entityType, 'read');
  return confirmationsOfEntity(ctx.db, actor.companyId, entityType, entityId);
};

const entityTypeOf = async (
  db: Executor,
  companyId: string,
  entityId: string,
): Promise<ConfirmationEntityType> => {
  const isOffer = await findOwnOffer(db, companyId, entityId).then(
    () => true,
    (error: unknown) => {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return false;
      throw error;
    },
  );
  if (isOffer) return 'offer';
  await findOwnProject(db, companyId, entityId);
  return 'project';
};

/**
 * SPEC §4 offer → project, inside the conversion's transaction: the offer's confirmations move to
 * the project (they keep their offer id, so the offer still lists them).
 */
export const moveConfirmationsToProject = (
  tx: Executor,
  ctx: AppContext,
  companyId: string,
  offerId: string,
  projectId: string,
) =>
  tx
    .update(confirmations)
    .set({
      entityType: 'project',
      entityId: projectId,
      version: sql`${confirmations.version} + 1`,
      updatedAt: ctx.clock.now(),
    })
    .where(
      and(
        eq(confirmations.companyId, companyId),
        eq(confirmations.entityType, 'offer'),
        eq(confirmations.entityId, offerId),
      ),
    );
