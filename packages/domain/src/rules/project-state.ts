import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../contract/paging';
import { PROJECT_GROUPS } from './dashboard-groups';
import { addDays, daysBetween, isDateOnly } from './date-only';
import { VALIDATION_MESSAGE_KEYS } from './validation-messages';

/** SPEC §4 project states. */
export const PROJECT_STATES = ['active', 'completed', 'archived'] as const;
export type ProjectState = (typeof PROJECT_STATES)[number];

/**
 * SPEC §4 values of the project list's status filter: invoice states (`none` no invoice, `sent`,
 * `pending`, `paid`), project states, `notActive` (completed or archived) and `all`.
 */
export const PROJECT_STATUS_FILTERS = [
  'all',
  'none',
  'sent',
  'pending',
  'paid',
  'active',
  'completed',
  'archived',
  'notActive',
] as const;
export type ProjectStatusFilter = (typeof PROJECT_STATUS_FILTERS)[number];

/**
 * The status filter's values in Norwegian, as SPEC §7 (`projects:all (status aktiv)`) and §9
 * ("status aktiv", "alle") name them, read as the English values Karm keeps.
 */
export const PROJECT_STATUS_FILTER_ALIASES = {
  alle: 'all',
  ingen: 'none',
  sendt: 'sent',
  venter: 'pending',
  betalt: 'paid',
  aktiv: 'active',
  aktive: 'active',
  fullført: 'completed',
  arkivert: 'archived',
  'ikke aktiv': 'notActive',
  'ikke aktive': 'notActive',
} as const satisfies Record<string, ProjectStatusFilter>;

/** A status filter value, English or one of its Norwegian aliases; always parsed to the English one. */
export const projectStatusFilterSchema = z.union([
  z.enum(PROJECT_STATUS_FILTERS),
  z
    .enum(Object.keys(PROJECT_STATUS_FILTER_ALIASES) as [keyof typeof PROJECT_STATUS_FILTER_ALIASES])
    .transform((alias): ProjectStatusFilter => PROJECT_STATUS_FILTER_ALIASES[alias]),
]);

/** The "ended within" filter (SPEC §9): 1 month, 3 months, 6 months, one year as days, or all time. */
export const ENDED_RANGE_ALL = 'alle';
export const ENDED_RANGES = [30, 90, 180, 365, ENDED_RANGE_ALL] as const;
export type EndedRange = (typeof ENDED_RANGES)[number];

/** The first end date inside the range (`today` minus its days), or null for all time. */
export const endedRangeStart = (today: string, range: EndedRange): string | null =>
  range === ENDED_RANGE_ALL ? null : addDays(today, -range);

/** Mine or everybody's projects (SPEC §6, §9). */
export const PROJECT_WHO = ['mine', 'alle'] as const;
export type ProjectWho = (typeof PROJECT_WHO)[number];

/** What the project list can be sorted by; anything else is an unsupported sort type (SPEC §8). */
export const PROJECT_SORT_TYPES = [
  'number',
  'name',
  'customer',
  'projectManager',
  'department',
  'startDate',
  'deliveryDate',
  'endDate',
] as const;
export type ProjectSortType = (typeof PROJECT_SORT_TYPES)[number];

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/**
 * How a process column filters the list (`selectedProcessFilter`): cells whose step is done (completed,
 * or received for an ordered/received column), not yet done, or not done although the process date has
 * passed.
 */
export const PROCESS_FILTER_TYPES = ['done', 'notDone', 'overdue'] as const;
export type ProcessFilterType = (typeof PROCESS_FILTER_TYPES)[number];

/** Invoice status code of one order square (SPEC §3). */
export const INVOICE_STATUS_CODES = {
  noInvoice: 1,
  notSent: 2,
  paid: 3,
  pendingPayment: 4,
  pastDueDate: 5,
} as const;
export type InvoiceStatusCode = (typeof INVOICE_STATUS_CODES)[keyof typeof INVOICE_STATUS_CODES];

/**
 * The square's code. Paid wins over everything once an invoice exists (a payment can be registered on an
 * invoice never marked as sent); an unsent invoice is "not sent"; a sent one is past due from the day
 * after its due date, and pending payment until then or when it has no due date.
 */
export const invoiceStatusCode = ({
  hasInvoice,
  isSent,
  isPaid,
  dueDate,
  today,
}: {
  hasInvoice: boolean;
  isSent: boolean;
  isPaid: boolean;
  dueDate: string | null;
  today: string;
}): InvoiceStatusCode => {
  if (!hasInvoice) return INVOICE_STATUS_CODES.noInvoice;
  if (isPaid) return INVOICE_STATUS_CODES.paid;
  if (!isSent) return INVOICE_STATUS_CODES.notSent;
  if (dueDate !== null && daysBetween(dueDate, today) > 0) return INVOICE_STATUS_CODES.pastDueDate;
  return INVOICE_STATUS_CODES.pendingPayment;
};

/**
 * The project list's invoice filter (SPEC §5: none/sent/pending/paid) as the square codes it matches:
 * "sent" is an invoice sent and not yet paid (pending payment or past due), "pending" one made but not
 * sent, "none" a square without an invoice.
 */
export const PROJECT_INVOICE_FILTERS = {
  none: [INVOICE_STATUS_CODES.noInvoice],
  pending: [INVOICE_STATUS_CODES.notSent],
  sent: [INVOICE_STATUS_CODES.pendingPayment, INVOICE_STATUS_CODES.pastDueDate],
  paid: [INVOICE_STATUS_CODES.paid],
} as const satisfies Record<string, readonly InvoiceStatusCode[]>;

const dateOnly = z.string().refine(isDateOnly, VALIDATION_MESSAGE_KEYS.dateNotValid);
const nullableDate = dateOnly.nullable().default(null);
const columnId = z.string().trim().min(1).max(40);

const projectSortSchema = z.object({
  projectSortType: z.enum(PROJECT_SORT_TYPES),
  sortDirection: z.enum(SORT_DIRECTIONS).default('asc'),
});

/**
 * The project list filters (SPEC §3 "Project filters"), as kept in the persisted store and sent with the
 * list request. Every field has a default, so `projectFiltersSchema.parse({})` gives
 * `DEFAULT_PROJECT_FILTERS`; unknown fields (an older stored shape) are dropped.
 */
export const projectFiltersSchema = z.object({
  projectManager: z.uuid().nullable().default(null),
  customer: z.uuid().nullable().default(null),
  departments: z.array(z.uuid()).default(() => []),
  /** null: either. */
  hasInvoice: z.boolean().nullable().default(null),
  status: projectStatusFilterSchema.default('active'),
  /** true: only service projects (the service projects screen); false: only others; null: both. */
  isService: z.boolean().nullable().default(null),
  startDate: nullableDate,
  deliveryDate: nullableDate,
  /** A dashboard project group (SPEC §1): the list behind the dashboard's group counts. */
  group: z.enum(PROJECT_GROUPS).nullable().default(null),
  endedRange: z.literal(ENDED_RANGES).default(ENDED_RANGE_ALL),
  who: z.enum(PROJECT_WHO).default('mine'),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  pageNumber: z.number().int().min(1).default(1),
  searchQuery: z.string().trim().max(200).default(''),
  /** A process column id: only projects with an active cell in that column. */
  processFilter: columnId.nullable().default(null),
  projectSortType: z.enum(PROJECT_SORT_TYPES).default('deliveryDate'),
  sortDirection: z.enum(SORT_DIRECTIONS).default('asc'),
  fromDate: nullableDate,
  toDate: nullableDate,
  selectedProcessFilter: z
    .object({ columnId, filterType: z.enum(PROCESS_FILTER_TYPES) })
    .nullable()
    .default(null),
  /** Further sort keys after `projectSortType`, in priority order. */
  projectSorts: z
    .array(projectSortSchema)
    .max(PROJECT_SORT_TYPES.length)
    .default(() => []),
});

export type ProjectFilters = z.infer<typeof projectFiltersSchema>;
export type ProjectFiltersInput = z.input<typeof projectFiltersSchema>;

/** SPEC §9 list defaults: page size 20, page 1, status active, my projects, soonest delivery first. */
export const DEFAULT_PROJECT_FILTERS: Readonly<ProjectFilters> = Object.freeze({
  projectManager: null,
  customer: null,
  departments: [],
  hasInvoice: null,
  status: 'active',
  isService: null,
  startDate: null,
  deliveryDate: null,
  group: null,
  endedRange: ENDED_RANGE_ALL,
  who: 'mine',
  pageSize: DEFAULT_PAGE_SIZE,
  pageNumber: 1,
  searchQuery: '',
  processFilter: null,
  projectSortType: 'deliveryDate',
  sortDirection: 'asc',
  fromDate: null,
  toDate: null,
  selectedProcessFilter: null,
  projectSorts: [],
});
