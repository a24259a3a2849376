import { joinSessionRooms } from '../../platform/realtime/gateway';
import { type SocketHandlers, signedIn } from '../../platform/realtime/socket-handlers';
import { changePassword, login } from './login.service';
import { requestPasswordReset, resetPassword } from './password-reset.service';
import { updateProfile } from './profile.service';
import { checkLoggedIn, resolveActor, revokeSession } from './sessions.service';

type AuthEvent =
  | 'authenticate'
  | 'user:check-logged-in'
  | 'user:logout'
  | 'user:change-password'
  | 'user:forgot-password'
  | 'user:reset-password'
  | 'user:update-profile';

export const authSocketHandlers: SocketHandlers<AuthEvent> = {
  authenticate: async (input, { ctx, address, socket }) => {
    const { actor, result } = await login(ctx, input, address);
    await joinSessionRooms(socket, result.accessToken, actor);
    return result;
  },
  'user:check-logged-in': async (token, { ctx, socket }) => {
    const { actor, result } = await checkLoggedIn(ctx, token);
    await joinSessionRooms(socket, token, actor);
    return result;
  },
  'user:logout': async (_input, request) => {
    const { ctx, actor, socket } = signedIn(request);
    await joinSessionRooms(socket, undefined, null);
    await revokeSession(ctx, actor.sessionId);
    return { ok: true };
  },
  'user:change-password': async (input, { ctx, address, sessionToken }) => {
    // From a signed-in tab (the profile), that tab's session survives the change; all others end.
    const current = sessionToken ? await resolveActor(ctx, sessionToken) : null;
    return changePassword(ctx, input, address, current?.sessionId);
  },
  'user:forgot-password': async (input, { ctx, address }) => requestPasswordReset(ctx, input, address),
  'user:reset-password': async (input, { ctx, address }) => resetPassword(ctx, input, address),
  'user:update-profile': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return updateProfile(ctx, actor, input);
  },
};
