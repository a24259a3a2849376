import { SIGNED_IN } from '@karm/domain/contract';
import { socketModule } from '../../platform/realtime/socket-module';
import { updateAccount } from './account.service';
import { listOwnSessions, revokeOtherSessions, revokeOwnSession } from './active-sessions.service';

/**
 * The signed-in person's own account and sessions, whatever their role: each use case acts on the
 * actor's own user only, so there is no id of another user to pass.
 */
export const accountEvents = socketModule({
  'user:update-account': { access: SIGNED_IN, useCase: updateAccount },
  'user:sessions': { access: SIGNED_IN, useCase: (ctx, actor) => listOwnSessions(ctx, actor) },
  'user:revoke-session': { access: SIGNED_IN, useCase: revokeOwnSession },
  'user:revoke-other-sessions': {
    access: SIGNED_IN,
    useCase: (ctx, actor) => revokeOtherSessions(ctx, actor),
  },
});
