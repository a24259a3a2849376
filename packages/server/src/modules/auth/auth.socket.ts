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
    const result = await login(ctx, input, address);
    await joinSessionRooms(socket, result.accessToken, await resolveActor(ctx, result.accessToken));
    return result;
  },
  'user:check-logged-in': async (token, { ctx, socket }) => {
    const result = await checkLoggedIn(ctx, token);
    await joinSessionRooms(socket, token, await resolveActor(ctx, token));
    return result;
  },
  'user:logout': async (_input, request) => {
    const { ctx, actor, socket } = signedIn(request);
    await joinSessionRooms(socket, undefined, null);
    await revokeSession(ctx, actor.sessionId);
    return { ok: true };
  },
  'user:change-password': async (input, { ctx, address, actor }) =>
    changePassword(ctx, input, address, actor?.sessionId),
  'user:forgot-password': async (input, { ctx, origin }) => requestPasswordReset(ctx, input, origin),
  'user:reset-password': async (input, { ctx }) => resetPassword(ctx, input),
  'user:update-profile': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return updateProfile(ctx, actor, input);
  },
};
