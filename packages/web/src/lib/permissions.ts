import { holds, type Permission } from '@karm/domain/contract';
import { useAuthStore } from './store/auth-store';

/**
 * Whether the signed-in user holds a permission (or any of several) in the signed-in company. The
 * web app hides what this says no to; the server refuses the same calls anyway (README "Roles").
 */
export const useCan = (...permissions: Permission[]) =>
  useAuthStore((state) => holds(state.user, ...permissions));

/** The same answer outside React (route guards, listeners). */
export const canNow = (...permissions: Permission[]) => holds(useAuthStore.getState().user, ...permissions);
