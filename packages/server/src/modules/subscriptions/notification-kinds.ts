import { NOTIFICATION_KINDS, type NotificationKind } from '@karm/domain/contract';
import { type Actor, can } from '../../platform/context';

/**
 * The kinds a person can receive: a failed accounting sync is the administrators' business, an
 * offer past its deadline for those who read offers; the rest concern anyone.
 */
export const availableKindsOf = (actor: Actor): NotificationKind[] =>
  NOTIFICATION_KINDS.filter((kind) => {
    switch (kind) {
      case 'syncFailed':
        return can(actor, 'accounting.manage');
      case 'offerOverdue':
        return can(actor, 'offers.read');
      default:
        return true;
    }
  });
