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
  /** øre */
  unitCost: number;
  discount: number;
  vatTypeId: number;
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
};

export type FakeOrderLineSeed = Partial<Omit<FakeOrderLine, 'id' | 'version'>>;
export type FakeOrderSeed = Omit<Seed<FakeOrder>, 'lines'> & { lines?: FakeOrderLineSeed[] };

/** Days an invoice made by the fake is due in. */
export const FAKE_DUE_DAYS = 14;

/** Rounds to whole øre, half away from zero, as Karm does. */
const roundOre = (exact: number) => Math.sign(exact) * Math.round(Math.abs(exact)) || 0;

/** count × unit price less the discount, in whole øre. */
export const lineAmountExcludingVat = (line: FakeOrderLine) =>
  roundOre((line.count * line.unitPriceExcludingVat * (100 - line.discount)) / 100);

/** The line's amount with its VAT, VAT rounded per line. */
export const lineAmountIncludingVat = (line: FakeOrderLine) => {
  const excluding = lineAmountExcludingVat(line);
  const percentage = FAKE_VAT_TYPES.get(line.vatTypeId)?.percentage ?? 0;
  return excluding + roundOre((excluding * percentage) / 100);
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
    };
    orders.set(order.id, order);
    return order;
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
    };
    invoices.set(invoice.id, invoice);
    order.isClosed = true;
    bump(order);
    return invoice;
  };

  return {
    projects,
    orders,
    invoices,
    nextProjectNumber,
    seedProject,
    newLine,
    seedOrder,
    invoiceOrder,
  };
};
