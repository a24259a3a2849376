export { WebhooksTab } from './webhooks-tab';
