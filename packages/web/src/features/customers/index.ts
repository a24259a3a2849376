export { CustomerPage, type CustomerPageProps } from './customer-page';
export type { CustomerRecordLinks } from './customer-related';
