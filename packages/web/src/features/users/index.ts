export { ManageUsersTab } from './manage-users-tab';
export { UsersTab } from './users-tab';
