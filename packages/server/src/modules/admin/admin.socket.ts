import { socketModule } from '../../platform/realtime/socket-module';
import { listMailOutbox } from './mail-outbox.service';

export const adminEvents = socketModule({
  'admin:mail-outbox': { access: 'system.manage', useCase: listMailOutbox },
});
