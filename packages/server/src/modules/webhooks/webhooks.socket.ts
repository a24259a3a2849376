import { socketModule } from '../../platform/realtime/socket-module';
import {
  createWebhook,
  deleteWebhook,
  getWebhookDelivery,
  getWebhookSettings,
  listWebhookDeliveries,
  listWebhooks,
  resendWebhookDelivery,
  rotateWebhookSecret,
  saveWebhookSettings,
  sendTestEvent,
  updateWebhook,
} from './webhooks.service';

/** Webhooks are an administrator's business only (issue 12). */
const ADMIN = 'system.manage';

export const webhookEvents = socketModule({
  'webhooks:list': { access: ADMIN, useCase: (ctx, actor) => listWebhooks(ctx, actor) },
  'webhooks:create': { access: ADMIN, useCase: createWebhook },
  'webhooks:update': { access: ADMIN, useCase: updateWebhook },
  'webhooks:delete': { access: ADMIN, useCase: deleteWebhook },
  'webhooks:rotateSecret': { access: ADMIN, useCase: rotateWebhookSecret },
  'webhooks:sendTest': { access: ADMIN, useCase: sendTestEvent },
  'webhooks:settings': { access: ADMIN, useCase: (ctx, actor) => getWebhookSettings(ctx, actor) },
  'webhooks:saveSettings': { access: ADMIN, useCase: saveWebhookSettings },
  'webhooks:deliveries': { access: ADMIN, useCase: listWebhookDeliveries },
  'webhooks:delivery': { access: ADMIN, useCase: getWebhookDelivery },
  'webhooks:resend': { access: ADMIN, useCase: resendWebhookDelivery },
});
