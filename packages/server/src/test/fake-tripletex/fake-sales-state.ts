import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { type Clock, todayIn } from '../../platform/clock';

dayjs.extend(utc);

/**
 * Projects, orders and invoices of the fake Tripletex. Money is kept as integer øre and sent as NOK
 * (see serialize.ts), so the fake's own arithmetic never drifts and the adapter's conversions are what
 * the tests check.
 */
type Tracked = { id: number; version: number; changedAt: Date };
type Seed<T extends Tracked> = Partial<Omit<T, keyof Tracked>>;

/** The token owner's employee id: the default project manager. */
export const FAKE_OWNER_ID = 1;

export type FakeProject = Tracked & {
  name: string;
  number: string;
  description: string;
  projectManagerId: number;
  customerId: number | null;
  departmentId: number | null;
  startDate: string;
  endDate: string | null;
  isClosed: boolean;
  isInternal: boolean;
  isFixedPrice: boolean;
  reference: string;
};

/**
 * The VAT types the fake knows. Tripletex's real ids and rates live at `/ledger/vatType` and are not
 * confirmed here; 3 (25 %, the high rate) is what a line without a VAT type gets in the fake.
 */
export const FAKE_VAT_TYPES = new Map<number, { name: string; percentage: number }>([
  [3, { name: 'Utgående avgift, høy sats', percentage: 25 }],
  [6, { name: 'Ingen utgående avgift (utenfor mva-loven)', percentage: 0 }],
]);
export const DEFAULT_VAT_TYPE_ID = 3;

export type FakeOrderLine = {
  id: number;
  version: number;
  description: string;
  count: number;
  /** øre */
  unitPriceExcludingVat: number;
  /**
   * øre; set on orders with `isPrioritizeAmountsIncludingVat`, where the price including VAT is the
   * one given and the amount excluding VAT is worked out from it (so the invoice hits it to the øre).
   */
  unitPriceIncludingVat: number | null;
  /** øre */
  unitCost: number;
  discount: number;
  vatTypeId: number;
};

/** A document attached to an order with `PUT /order/{id}/:attach`: the file as it arrived. */
export type FakeDocument = {
  id: number;
  version: number;
  fileName: string;
  mimeType: string;
  bytes: Buffer;
  archiveDate: string;
};

export type FakeOrder = Tracked & {
  number: string;
  customerId: number;
  contactId: number | null;
  projectId: number | null;
  departmentId: number | null;
  orderDate: string;
  deliveryDate: string;
  reference: string;
  invoiceComment: string;
  isPrioritizeAmountsIncludingVat: boolean;
  isClosed: boolean;
  lines: FakeOrderLine[];
  /** Read-only in Tripletex's document (`attachment`): only `/:attach` adds to it. */
  attachments: FakeDocument[];
};

export type FakeInvoice = Tracked & {
  invoiceNumber: number;
  invoiceDate: string;
  invoiceDueDate: string;
  customerId: number;
  orderIds: number[];
  /** øre, including VAT */
  amount: number;
  /** øre */
  amountExcludingVat: number;
  /** øre */
  amountOutstanding: number;
  isCreditNote: boolean;
  isCharged: boolean;
  /** Whether a credit note has been made for this invoice. */
  isCredited: boolean;
  /** On a credit note: the invoice it credits. */
  creditedInvoiceId: number | null;
  comment: string;
  payments: FakePayment[];
};

/** A payment registered with `PUT /invoice/{id}/:payment`; amounts in øre. */
export type FakePayment = { paymentDate: string; paymentTypeId: number; paidAmount: number };

/**
 * The payment types the fake knows (`GET /invoice/paymentType`). Tripletex's real ones are per
 * company, with ids that are not confirmed here.
 */
export const FAKE_PAYMENT_TYPES = new Map<number, { description: string }>([
  [1, { description: 'Betalt til bank' }],
  [2, { description: 'Kontant' }],
]);

export type FakeOrderLineSeed = Partial<Omit<FakeOrderLine, 'id' | 'version'>>;
export type FakeOrderSeed = Omit<Seed<FakeOrder>, 'lines' | 'attachments'> & { lines?: FakeOrderLineSeed[] };

/** Days an invoice made by the fake is due in. */
export const FAKE_DUE_DAYS = 14;

/** Rounds to whole øre, half away from zero, as Karm does. */
const roundOre = (exact: number) => Math.sign(exact) * Math.round(Math.abs(exact)) || 0;

const vatPercentageOf = (line: FakeOrderLine) => FAKE_VAT_TYPES.get(line.vatTypeId)?.percentage ?? 0;

/** The line's amount with its VAT: count × unit price less the discount, VAT rounded per line. */
export const lineAmountIncludingVat = (line: FakeOrderLine) => {
  if (line.unitPriceIncludingVat !== null) {
    return roundOre((line.count * line.unitPriceIncludingVat * (100 - line.discount)) / 100);
  }
  const excluding = lineAmountExcludingVat(line);
  return excluding + roundOre((excluding * vatPercentageOf(line)) / 100);
};

/** count × unit price less the discount, in whole øre (from the price including VAT when it is the one given). */
export const lineAmountExcludingVat = (line: FakeOrderLine): number => {
  if (line.unitPriceIncludingVat !== null) {
    const including = lineAmountIncludingVat(line);
    const percentage = vatPercentageOf(line);
    return including - roundOre((including * percentage) / (100 + percentage));
  }
  return roundOre((line.count * line.unitPriceExcludingVat * (100 - line.discount)) / 100);
};

/** The highest whole number so far plus one (numbers that are not whole are skipped). */
const nextNumber = (numbers: number[]) => Math.max(0, ...numbers.filter((n) => Number.isSafeInteger(n))) + 1;

type SalesDeps = {
  clock: Clock;
  nextId: () => number;
  tracked: () => Tracked;
  bump: (record: Tracked) => void;
  /** Makes a customer for an order seeded without one. */
  seedCustomerId: () => number;
};

export const createSalesState = ({ clock, nextId, tracked, bump, seedCustomerId }: SalesDeps) => {
  const projects = new Map<number, FakeProject>();
  const orders = new Map<number, FakeOrder>();
  const invoices = new Map<number, FakeInvoice>();

  /** Tripletex numbers a project itself when none is given: the highest numeric number plus one. */
  const nextProjectNumber = () => String(nextNumber([...projects.values()].map((p) => Number(p.number))));

  const seedProject = (seed: Seed<FakeProject> = {}): FakeProject => {
    const project: FakeProject = {
      ...tracked(),
      name: 'Prosjekt',
      description: '',
      projectManagerId: FAKE_OWNER_ID,
      customerId: null,
      departmentId: null,
      startDate: todayIn(clock),
      endDate: null,
      isClosed: false,
      isInternal: false,
      isFixedPrice: false,
      reference: '',
      ...seed,
      number: seed.number || nextProjectNumber(),
    };
    projects.set(project.id, project);
    return project;
  };

  const newLine = (seed: FakeOrderLineSeed): FakeOrderLine => ({
    id: nextId(),
    version: 0,
    description: '',
    count: 1,
    unitPriceExcludingVat: 0,
    unitPriceIncludingVat: null,
    unitCost: 0,
    discount: 0,
    vatTypeId: DEFAULT_VAT_TYPE_ID,
    ...seed,
  });

  const seedOrder = ({ lines = [], ...seed }: FakeOrderSeed = {}): FakeOrder => {
    const orderDate = seed.orderDate ?? todayIn(clock);
    const order: FakeOrder = {
      ...tracked(),
      number: String(nextNumber([...orders.values()].map((o) => Number(o.number)))),
      contactId: null,
      projectId: null,
      departmentId: null,
      deliveryDate: orderDate,
      reference: '',
      invoiceComment: '',
      isPrioritizeAmountsIncludingVat: false,
      isClosed: false,
      ...seed,
      customerId: seed.customerId ?? seedCustomerId(),
      orderDate,
      lines: lines.map(newLine),
      attachments: [],
    };
    orders.set(order.id, order);
    return order;
  };

  /**
   * Attaches a file to an order, as Tripletex archives it: a new document each time, even for a file
   * name the order already has (so a client that sends twice gets two documents, as it would there).
   * Tripletex does not say whether an attachment changes the order's version; here it does not.
   */
  const attachToOrder = (order: FakeOrder, file: { fileName: string; mimeType: string; bytes: Buffer }) => {
    const document: FakeDocument = { id: nextId(), version: 0, ...file, archiveDate: todayIn(clock) };
    order.attachments.push(document);
    return document;
  };

  /** Invoices an order as it stands: the order is closed, the invoice charged and wholly outstanding. */
  const invoiceOrder = (order: FakeOrder, invoiceDate: string): FakeInvoice => {
    const amountExcludingVat = order.lines.reduce((sum, line) => sum + lineAmountExcludingVat(line), 0);
    const amount = order.lines.reduce((sum, line) => sum + lineAmountIncludingVat(line), 0);
    const invoice: FakeInvoice = {
      ...tracked(),
      invoiceNumber: nextNumber([...invoices.values()].map((i) => i.invoiceNumber)),
      invoiceDate,
      invoiceDueDate: dayjs.utc(invoiceDate).add(FAKE_DUE_DAYS, 'day').format('YYYY-MM-DD'),
      customerId: order.customerId,
      orderIds: [order.id],
      amount,
      amountExcludingVat,
      amountOutstanding: amount,
      isCreditNote: false,
      isCharged: true,
      isCredited: false,
      creditedInvoiceId: null,
      comment: '',
      payments: [],
    };
    invoices.set(invoice.id, invoice);
    order.isClosed = true;
    bump(order);
    return invoice;
  };

  /** Registers a payment: what is paid comes off what is outstanding (overpaying is refused). */
  const payInvoice = (invoice: FakeInvoice, payment: FakePayment) => {
    invoice.payments.push(payment);
    invoice.amountOutstanding -= payment.paidAmount;
    bump(invoice);
    return invoice;
  };

  /**
   * Credits an invoice in full: a credit note of the negative amounts, dated `date`. The credited
   * invoice is settled by it (nothing outstanding), as the credit note is.
   */
  const creditInvoice = (invoice: FakeInvoice, date: string, comment: string): FakeInvoice => {
    const note: FakeInvoice = {
      ...tracked(),
      invoiceNumber: nextNumber([...invoices.values()].map((i) => i.invoiceNumber)),
      invoiceDate: date,
      invoiceDueDate: date,
      customerId: invoice.customerId,
      orderIds: [...invoice.orderIds],
      amount: -invoice.amount,
      amountExcludingVat: -invoice.amountExcludingVat,
      amountOutstanding: 0,
      isCreditNote: true,
      isCharged: true,
      isCredited: false,
      creditedInvoiceId: invoice.id,
      comment,
      payments: [],
    };
    invoices.set(note.id, note);
    invoice.isCredited = true;
    invoice.amountOutstanding = 0;
    bump(invoice);
    return note;
  };

  return {
    projects,
    orders,
    invoices,
    nextProjectNumber,
    seedProject,
    newLine,
    seedOrder,
    attachToOrder,
    invoiceOrder,
    payInvoice,
    creditInvoice,
  };
};
