import { socketModule } from '../../platform/realtime/socket-module';
import { listServerLogs } from './logs.service';

export const logEvents = socketModule({
  'logs:get': { access: 'system.manage', useCase: listServerLogs },
});
