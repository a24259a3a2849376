export { InvoiceList } from './invoice-list';
