import { integer, timestamp, uuid } from 'drizzle-orm/pg-core';
import { newId } from '../ids';

/** Column helpers every table shares, so ids, audit times and versions look the same everywhere. */
export const primaryId = () =>
  uuid('id')
    .primaryKey()
    .$defaultFn(() => newId());

export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => instant('created_at').notNull().defaultNow();
export const updatedAt = () => instant('updated_at').notNull().defaultNow();

/** Optimistic locking (DESIGN rule 5): every save states the version it read. */
export const version = () => integer('version').notNull().default(1);
