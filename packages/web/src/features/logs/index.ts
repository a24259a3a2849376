export { LogsList } from './logs-list';
export { LogsPage } from './logs-page';
