import { PUBLIC, SIGNED_IN } from '@karm/domain/contract';
import { joinSessionRooms } from '../../platform/realtime/gateway';
import { publicSocketModule, socketModule } from '../../platform/realtime/socket-module';
import {
  beginSetupAtSignIn,
  completeSignInWithCode,
  confirmSetupAtSignIn,
} from './sign-in-challenge.service';
import {
  disableTwoFactor,
  enableTwoFactor,
  getTwoFactorStatus,
  regenerateRecoveryCodes,
  resetTwoFactorOfUser,
  setUpTwoFactor,
} from './two-factor.service';

/** The second sign-in step carries a challenge token from `authenticate` instead of a session. */
export const publicTwoFactorEvents = publicSocketModule({
  // It ends like `authenticate`: the socket joins the new session's rooms.
  'authenticate:second-factor': {
    access: PUBLIC,
    useCase: async (ctx, input, { address, userAgent, socket }) => {
      const { actor, result } = await completeSignInWithCode(ctx, input, { address, userAgent });
      await joinSessionRooms(socket, result.accessToken, actor);
      return result;
    },
  },
  'authenticate:enrol-setup': { access: PUBLIC, useCase: (ctx, input) => beginSetupAtSignIn(ctx, input) },
  'authenticate:enrol-confirm': {
    access: PUBLIC,
    useCase: async (ctx, input, { address, userAgent, socket }) => {
      const { actor, result } = await confirmSetupAtSignIn(ctx, input, { address, userAgent });
      await joinSessionRooms(socket, result.accessToken, actor);
      return result;
    },
  },
});

/** Each person's own two-factor sign-in (the profile), and an administrator's reset for a lost phone. */
export const twoFactorEvents = socketModule({
  'two-factor:status': { access: SIGNED_IN, useCase: (ctx, actor) => getTwoFactorStatus(ctx, actor) },
  'two-factor:setup': { access: SIGNED_IN, useCase: (ctx, actor) => setUpTwoFactor(ctx, actor) },
  'two-factor:enable': {
    access: SIGNED_IN,
    useCase: (ctx, actor, input, { address }) => enableTwoFactor(ctx, actor, input, address),
  },
  'two-factor:disable': {
    access: SIGNED_IN,
    useCase: (ctx, actor, input, { address }) => disableTwoFactor(ctx, actor, input, address),
  },
  'two-factor:regenerate-recovery-codes': {
    access: SIGNED_IN,
    useCase: (ctx, actor, input, { address }) => regenerateRecoveryCodes(ctx, actor, input, address),
  },
  // Also checks that the administrator administers every company of the person (assertMayManageUser).
  'two-factor:reset-user': { access: 'users.manage', useCase: resetTwoFactorOfUser },
});
