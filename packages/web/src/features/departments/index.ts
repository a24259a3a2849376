export { DepartmentsAdmin } from './departments-admin';
