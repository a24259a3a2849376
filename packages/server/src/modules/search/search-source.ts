import type { SQL } from 'drizzle-orm';

export type SearchSourceQuery = { companyId: string; term: string; limit: number };

/** A drizzle `sql` select returning columns kind text, id uuid, number int, title text,
 *  subtitle text|null (customer name · address), archived boolean, rank int (0 = number match, 1 = other);
 *  ordered by rank, number desc; limited to `limit`. */
export type SearchSource = (query: SearchSourceQuery) => SQL;

/** A term that could be a record's number (numbers are positive 32-bit integers). */
export const numberInTerm = (term: string): number | null => (/^\d{1,9}$/.test(term) ? Number(term) : null);
