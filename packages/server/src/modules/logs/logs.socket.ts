import { SIGNED_IN } from '@karm/domain/contract';
import { socketModule } from '../../platform/realtime/socket-module';
import { reportError } from './error-report';
import { handleServerLog, listServerLogs } from './logs.service';

export const logEvents = socketModule({
  // Only administrators read logs: they may hold other people's errors and what they did.
  'logs:get': { access: 'system.manage', useCase: listServerLogs },
  'logs:handle': { access: 'system.manage', useCase: handleServerLog },
  // Anyone signed in may send an error to their administrators (throttled per person).
  'logs:report': { access: SIGNED_IN, useCase: reportError },
});
