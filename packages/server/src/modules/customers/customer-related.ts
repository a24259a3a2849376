import { CUSTOMER_RELATED_LIMIT, type CustomerRelatedDto } from '@karm/domain/contract';
import type { Actor, AppContext } from '../../platform/context';
import { inquiriesOfCustomer } from '../inquiries/inquiries-of-customer';
import { offersOfCustomer } from '../offers/offers-of-customer';
import { projectsOfCustomer } from '../projects/projects-of-customer';
import { findOwnCustomer } from './customers.service';

/**
 * customer:related — the customer panel's inquiries, offers and projects, newest first, each read by
 * its own module. Another company's customer is "not found", and every read is scoped to the company.
 */
export const relatedOfCustomer = async (
  ctx: AppContext,
  actor: Actor,
  customerId: string,
): Promise<CustomerRelatedDto> => {
  const customer = await findOwnCustomer(ctx.db, actor.companyId, customerId);
  const [inquiries, offers, projects] = await Promise.all([
    inquiriesOfCustomer(ctx.db, actor.companyId, customer.id, CUSTOMER_RELATED_LIMIT),
    offersOfCustomer(ctx.db, actor.companyId, customer.id, CUSTOMER_RELATED_LIMIT),
    projectsOfCustomer(ctx.db, actor.companyId, customer.id, CUSTOMER_RELATED_LIMIT),
  ]);
  return { inquiries, offers, projects };
};
