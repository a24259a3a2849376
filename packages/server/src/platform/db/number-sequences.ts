import { sql } from 'drizzle-orm';
import { integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/**
 * Human numbers (customer, inquiry, offer, project numbers) are per-company sequences (DESIGN rule
 * 8). One row per company and kind; taking a number is a single upsert, which locks the row, so
 * concurrent creates on any number of instances never get the same number.
 */
export const numberSequences = pgTable(
  'number_sequences',
  {
    companyId: uuid('company_id').notNull(),
    kind: text('kind').notNull(),
    lastValue: integer('last_value').notNull(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.kind] })],
);

/** The next number of a company's sequence; the first one handed out is `first`. */
export const takeNextNumber = async (db: Executor, companyId: string, kind: string, first: number) => {
  const [row] = await db
    .insert(numberSequences)
    .values({ companyId, kind, lastValue: first })
    .onConflictDoUpdate({
      target: [numberSequences.companyId, numberSequences.kind],
      set: { lastValue: sql`${numberSequences.lastValue} + 1` },
    })
    .returning({ value: numberSequences.lastValue });
  if (!row) throw new Error('Number sequence upsert returned nothing');
  return row.value;
};
