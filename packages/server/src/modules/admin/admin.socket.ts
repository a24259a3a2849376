import { socketModule } from '../../platform/realtime/socket-module';
import { listMailOutbox, resendMail } from './mail-outbox.service';

export const adminEvents = socketModule({
  'admin:mail-outbox': { access: 'system.manage', useCase: listMailOutbox },
  'admin:mail-resend': { access: 'system.manage', useCase: resendMail },
});
