import { type AnyColumn, eq } from 'drizzle-orm';

/** The term with LIKE's own wildcards (% and _) and its escape character taken literally. */
const escapeLike = (text: string) => text.replace(/[%_\\]/g, (character) => `\\${character}`);

/** `%term%`: a LIKE / ILIKE pattern that matches text containing the term anywhere. */
export const containsPattern = (term: string) => `%${escapeLike(term)}%`;

/** A term that could be a record's number (numbers are positive 32-bit integers). */
export const numberInTerm = (term: string): number | null => (/^\d{1,9}$/.test(term) ? Number(term) : null);

/** `column = term` when the term could be a number, else no condition (for an `or(…)` of matches). */
export const numberMatch = (column: AnyColumn, term: string) => {
  const number = numberInTerm(term);
  return number === null ? undefined : eq(column, number);
};
