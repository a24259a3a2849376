import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import type { Referable } from '../../platform/db/references';
import { offers } from './offers.tables';

/** Offers as other modules' records point at them (a task about an offer). */
export const OFFERS_REFERABLE: Referable = { table: offers, id: offers.id, companyId: offers.companyId };

/** The number and project name of the given offers, as a task names what it is about. */
export const offerLabels = async (db: Executor, companyId: string, ids: readonly string[]) =>
  ids.length === 0
    ? []
    : db
        .select({ id: offers.id, number: offers.number, name: offers.projectName })
        .from(offers)
        .where(and(eq(offers.companyId, companyId), inArray(offers.id, [...new Set(ids)])));
