import { PUBLIC, SIGNED_IN } from '@karm/domain/contract';
import { joinSessionRooms } from '../../platform/realtime/gateway';
import { publicSocketModule, socketModule } from '../../platform/realtime/socket-module';
import { changePassword, login } from './login.service';
import { requestPasswordReset, resetPassword } from './password-reset.service';
import { updateProfile } from './profile.service';
import { checkLoggedIn, resolveActor, revokeSession } from './sessions.service';

/** Signing in and password help come before a session exists. */
export const publicAuthEvents = publicSocketModule({
  authenticate: {
    access: PUBLIC,
    useCase: async (ctx, input, { address, userAgent, socket }) => {
      const { actor, result } = await login(ctx, input, { address, userAgent });
      await joinSessionRooms(socket, result.accessToken, actor);
      return result;
    },
  },
  'user:check-logged-in': {
    access: PUBLIC,
    useCase: async (ctx, token, { socket }) => {
      const { actor, result } = await checkLoggedIn(ctx, token);
      await joinSessionRooms(socket, token, actor);
      return result;
    },
  },
  'user:change-password': {
    access: PUBLIC,
    useCase: async (ctx, input, { address, sessionToken }) => {
      // From a signed-in tab (the profile), that tab's session survives the change; all others end.
      const current = sessionToken ? await resolveActor(ctx, sessionToken) : null;
      return changePassword(ctx, input, address, current);
    },
  },
  'user:forgot-password': {
    access: PUBLIC,
    useCase: (ctx, input, { address }) => requestPasswordReset(ctx, input, address),
  },
  'user:reset-password': {
    access: PUBLIC,
    useCase: (ctx, input, { address }) => resetPassword(ctx, input, address),
  },
});

/** The signed-in user's own session and profile, whatever their role. */
export const authEvents = socketModule({
  'user:logout': {
    access: SIGNED_IN,
    useCase: async (ctx, actor, _input, { socket }) => {
      await joinSessionRooms(socket, undefined, null);
      await revokeSession(ctx, actor.sessionId);
      return { ok: true as const };
    },
  },
  'user:update-profile': { access: SIGNED_IN, useCase: updateProfile },
});
