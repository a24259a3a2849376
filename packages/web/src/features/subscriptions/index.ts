export { SubscriptionsPage } from './subscriptions-page';
