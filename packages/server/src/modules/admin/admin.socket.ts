import { type SocketHandlers, signedIn } from '../../platform/realtime/socket-handlers';
import { listMailOutbox } from './mail-outbox.service';

export const adminSocketHandlers: SocketHandlers<'admin:mail-outbox'> = {
  'admin:mail-outbox': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return listMailOutbox(ctx, actor, input);
  },
};
