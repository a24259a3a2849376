import { type SocketHandlers, signedIn } from '../../platform/realtime/socket-handlers';
import { globalSearch } from './search.service';

export const searchSocketHandlers: SocketHandlers<'search:global'> = {
  'search:global': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return globalSearch(ctx, actor, input);
  },
};
