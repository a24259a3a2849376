import { SIGNED_IN } from '@karm/domain/contract';
import { socketModule } from '../../platform/realtime/socket-module';
import {
  createFeed,
  getSubscriptions,
  removePushDevice,
  revokeFeed,
  saveNotificationSettings,
  setFeedLayers,
  subscribePush,
} from './subscriptions.service';

/** Each person's own subscriptions: any signed-in member manages theirs, and only theirs. */
export const subscriptionEvents = socketModule({
  'subscriptions:get': { access: SIGNED_IN, useCase: (ctx, actor) => getSubscriptions(ctx, actor) },
  'subscriptions:feed-create': { access: SIGNED_IN, useCase: createFeed },
  'subscriptions:feed-layers': { access: SIGNED_IN, useCase: setFeedLayers },
  'subscriptions:feed-revoke': { access: SIGNED_IN, useCase: (ctx, actor) => revokeFeed(ctx, actor) },
  'subscriptions:notifications-save': { access: SIGNED_IN, useCase: saveNotificationSettings },
  'subscriptions:push-subscribe': { access: SIGNED_IN, useCase: subscribePush },
  'subscriptions:push-remove': { access: SIGNED_IN, useCase: removePushDevice },
});
