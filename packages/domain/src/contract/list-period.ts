import { isDateOnly } from '../rules/date-only';
import { VALIDATION_MESSAGE_KEYS as MESSAGES } from '../rules/validation-messages';
import { dateOnlySchema } from './date-only';

/**
 * A list's optional period, inclusive (`?from=YYYY-MM-DD&to=YYYY-MM-DD`): which day of a record counts
 * is the list's to say (offers: the day created; invoices: the invoice date). A report row opens its
 * list with the row's period, so the list's total is the row's figure (issue 17).
 */
export const listPeriodShape = { from: dateOnlySchema.optional(), to: dateOnlySchema.optional() };

/** For a list query's `.refine`: a period whose end comes before its start selects nothing by mistake. */
export const periodInOrder: [
  check: (query: { from?: string; to?: string }) => boolean,
  params: { message: string; path: string[] },
] = [
  (query) =>
    !query.from || !query.to || !isDateOnly(query.from) || !isDateOnly(query.to) || query.from <= query.to,
  { message: MESSAGES.rangeFromBeforeTo, path: ['to'] },
];

/** The period as the server's range helpers take it (no bound: open on that side). */
export const periodOf = (query: { from?: string; to?: string }) => ({
  from: query.from ?? null,
  to: query.to ?? null,
});
