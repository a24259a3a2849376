import type { Referable } from '../../platform/db/references';
import { offers } from './offers.tables';

/** Offers as other modules' records point at them (a task about an offer). */
export const OFFERS_REFERABLE: Referable = { table: offers, id: offers.id, companyId: offers.companyId };
