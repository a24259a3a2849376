import { SIGNED_IN } from '@karm/domain/contract';
import { socketModule } from '../../platform/realtime/socket-module';
import { deleteMessage, listMessages, readMessage, sendMessage } from './messages.service';
import { listCompanyMessages, listMessageRecipients } from './messages-admin.service';

/**
 * SPEC §7 message:send and message:delete, and the lists around them. Every member receives and reads
 * their own messages; sending takes `messages.send`; the admin tab takes `messages.manage`, which also
 * lets an administrator delete any message for everyone (the use case checks that).
 */
export const messageEvents = socketModule({
  'message:send': { access: 'messages.send', useCase: sendMessage },
  'message:delete': { access: SIGNED_IN, useCase: deleteMessage },
  'message:read': { access: SIGNED_IN, useCase: readMessage },
  'messages:get': { access: SIGNED_IN, useCase: listMessages },
  'message:recipients': { access: 'messages.send', useCase: listMessageRecipients },
  'messages:admin-get': { access: 'messages.manage', useCase: listCompanyMessages },
});
