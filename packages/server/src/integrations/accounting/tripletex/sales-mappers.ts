import type {
  AccountingInvoice,
  AccountingOrder,
  AccountingOrderFields,
  AccountingOrderLineFields,
  AccountingProject,
  AccountingProjectFields,
} from '../port';
import { AccountingError } from '../port';
import { toTripletexId } from './mappers';
import { nokToOre, oreToNok } from './money';
import type { TripletexInvoice, TripletexOrder, TripletexProject } from './schemas';

const reference = (externalId: string) => ({ id: toTripletexId(externalId) });

export const fromTripletexProject = (project: TripletexProject): AccountingProject => ({
  externalId: project.id,
  version: project.version,
  name: project.name,
  number: project.number,
  projectManagerExternalId: project.projectManager,
  customerExternalId: project.customer,
  departmentExternalId: project.department,
  startDate: project.startDate,
  endDate: project.endDate,
  isClosed: project.isClosed,
  isInternal: project.isInternal,
  description: project.description,
});

const PLAIN_PROJECT_FIELDS = [
  'name',
  'description',
  'startDate',
  'isClosed',
  'isInternal',
] as const satisfies readonly (keyof AccountingProjectFields)[];

/**
 * The body for POST (all fields) or a partial PUT (only the given ones).
 * - A null or empty `number` is left out: on create Tripletex numbers the project itself, and a
 *   project's number cannot be removed, only changed.
 * - A null customer, department or end date is left out on create (there is nothing to unset). On
 *   update it is refused before anything is sent: no property of Tripletex's document is nullable,
 *   and the document declares no other way to remove a reference or a date (`{id: 0}` and `""` are
 *   not documented to clear anything), so clearing must be done in Tripletex by a person.
 */
export const toTripletexProject = (fields: Partial<AccountingProjectFields>, mode: 'create' | 'update') => {
  const body: Record<string, unknown> = {};
  for (const key of PLAIN_PROJECT_FIELDS) {
    if (fields[key] !== undefined) body[key] = fields[key];
  }
  if (fields.number) body.number = fields.number;
  if (fields.projectManagerExternalId !== undefined) {
    body.projectManager = reference(fields.projectManagerExternalId);
  }
  const setOptional = (
    key: string,
    given: string | null | undefined,
    toValue: (value: string) => unknown,
  ) => {
    if (given === undefined) return;
    if (given !== null) body[key] = toValue(given);
    else if (mode === 'update') {
      throw new AccountingError(
        'validation',
        `Tripletex's API cannot clear a project's ${key}; change it there instead`,
        { fields: { [key]: 'Cannot be cleared through the Tripletex API' } },
      );
    }
  };
  setOptional('customer', fields.customerExternalId, reference);
  setOptional('department', fields.departmentExternalId, reference);
  setOptional('endDate', fields.endDate, (date) => date);
  return body;
};

const assertFinite = (what: string, value: number) => {
  // NaN and Infinity become `null` in JSON: a caller bug that would otherwise arrive as an empty field.
  if (!Number.isFinite(value)) throw new RangeError(`${what} must be a finite number: ${value}`);
};

const toTripletexOrderLine = (line: AccountingOrderLineFields) => {
  assertFinite('count', line.count);
  assertFinite('discountPercent', line.discountPercent);
  return {
    description: line.description,
    count: line.count,
    ...(line.unitPriceIncludingVat === undefined
      ? { unitPriceExcludingVatCurrency: oreToNok(line.unitPriceExcludingVat) }
      : { unitPriceIncludingVatCurrency: oreToNok(line.unitPriceIncludingVat) }),
    discount: line.discountPercent,
    ...(line.vatTypeExternalId !== null && { vatType: reference(line.vatTypeExternalId) }),
  };
};

/**
 * The POST body, lines embedded. Prices are given excluding VAT, so `isPrioritizeAmountsIncludingVat`
 * is false: Tripletex derives the amounts including VAT, never the other way round.
 */
export const toTripletexOrder = (fields: AccountingOrderFields) => ({
  customer: reference(fields.customerExternalId),
  ...(fields.projectExternalId !== null && { project: reference(fields.projectExternalId) }),
  orderDate: fields.orderDate,
  deliveryDate: fields.deliveryDate,
  reference: fields.reference,
  invoiceComment: fields.invoiceComment,
  // Prices including VAT are the ones given when the lines carry them (an invoiced payment part).
  isPrioritizeAmountsIncludingVat: fields.lines.some((line) => line.unitPriceIncludingVat !== undefined),
  orderLines: fields.lines.map(toTripletexOrderLine),
});

export const fromTripletexOrder = (order: TripletexOrder): AccountingOrder => ({
  externalId: order.id,
  version: order.version,
  number: order.number,
  customerExternalId: order.customer,
  projectExternalId: order.project,
  orderDate: order.orderDate,
  deliveryDate: order.deliveryDate,
  reference: order.reference,
  invoiceComment: order.invoiceComment,
  lines: order.orderLines.map((line) => ({
    externalId: line.id,
    description: line.description,
    count: line.count,
    unitPriceExcludingVat: nokToOre(line.unitPriceExcludingVatCurrency),
    discountPercent: line.discount,
    vatTypeExternalId: line.vatType,
    amountExcludingVat: nokToOre(line.amountExcludingVatCurrency),
  })),
});

export const fromTripletexInvoice = (invoice: TripletexInvoice): AccountingInvoice => ({
  externalId: invoice.id,
  version: invoice.version,
  invoiceNumber: invoice.invoiceNumber,
  invoiceDate: invoice.invoiceDate,
  invoiceDueDate: invoice.invoiceDueDate,
  amount: nokToOre(invoice.amount),
  amountOutstanding: nokToOre(invoice.amountOutstanding),
  isCreditNote: invoice.isCreditNote,
  isCharged: invoice.isCharged,
  isCredited: invoice.isCredited,
  creditedInvoiceExternalId: invoice.creditedInvoice,
  customerExternalId: invoice.customer,
  orderExternalIds: invoice.orders,
});
