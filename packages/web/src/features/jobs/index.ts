export { JobsTab } from './jobs-tab';
