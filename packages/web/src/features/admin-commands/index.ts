export { AdminCommandsPage } from './admin-commands-page';
