import { type SocketHandlers, signedIn } from '../../platform/realtime/socket-handlers';
import { listServerLogs } from './logs.service';

export const logsSocketHandlers: SocketHandlers<'logs:get'> = {
  'logs:get': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return listServerLogs(ctx, actor, input);
  },
};
