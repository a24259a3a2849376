import type { Page } from '@karm/domain/contract';
import { CUSTOMER_RELATED_LIMIT, type CustomerRelatedDto } from '@karm/domain/contract';
import { type Actor, type AppContext, can } from '../../platform/context';
import { inquiriesOfCustomer } from '../inquiries/inquiries-of-customer';
import { offersOfCustomer } from '../offers/offers-of-customer';
import { projectReadScope } from '../projects/project-access';
import { projectsOfCustomer } from '../projects/projects-of-customer';
import { findOwnCustomer } from './customers.service';

const NONE = { items: [], total: 0, page: 1, pageSize: 0 } satisfies Page<never>;

/**
 * customer:related — the customer panel's inquiries, offers and projects, newest first, each read by
 * its own module. Another company's customer is "not found", and every read is scoped to the company
 * and to what the person may read (a technician sees no offers, and only the projects they work on).
 */
export const relatedOfCustomer = async (
  ctx: AppContext,
  actor: Actor,
  customerId: string,
): Promise<CustomerRelatedDto> => {
  const customer = await findOwnCustomer(ctx.db, actor.companyId, customerId);
  const mayReadProjects = can(actor, 'projects.read', 'projects.read-own');
  const [inquiries, offers, projects] = await Promise.all([
    can(actor, 'inquiries.read')
      ? inquiriesOfCustomer(ctx.db, actor.companyId, customer.id, CUSTOMER_RELATED_LIMIT)
      : NONE,
    can(actor, 'offers.read')
      ? offersOfCustomer(ctx.db, actor.companyId, customer.id, CUSTOMER_RELATED_LIMIT)
      : NONE,
    mayReadProjects
      ? projectsOfCustomer(
          ctx.db,
          actor.companyId,
          customer.id,
          CUSTOMER_RELATED_LIMIT,
          projectReadScope(ctx.db, actor),
        )
      : NONE,
  ]);
  return { inquiries, offers, projects };
};
