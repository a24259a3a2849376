import type { InvoiceDto } from '@karm/domain/contract';
import { exportSource, pagedBatches } from '../exports/export-source';
import { listInvoices } from './invoices.service';

export const invoicesExport = exportSource({
  list: 'invoices',
  columns: [
    { key: 'number', type: 'number', value: (invoice: InvoiceDto) => invoice.number },
    { key: 'invoiceDate', type: 'date', value: (invoice) => invoice.invoiceDate },
    { key: 'dueDate', type: 'date', value: (invoice) => invoice.dueDate },
    { key: 'projectNumber', type: 'number', value: (invoice) => invoice.projectNumber },
    { key: 'projectName', type: 'text', value: (invoice) => invoice.projectName },
    { key: 'customerName', type: 'text', value: (invoice) => invoice.customerName },
    { key: 'description', type: 'text', value: (invoice) => invoice.description },
    { key: 'amount', type: 'money', value: (invoice) => invoice.amount },
    { key: 'amountOutstanding', type: 'money', value: (invoice) => invoice.amountOutstanding },
    { key: 'status', type: 'text', value: (invoice) => invoice.status },
  ],
  batches: (ctx, actor, filters) =>
    pagedBatches((page, pageSize) => listInvoices(ctx, actor, { ...filters, page, pageSize })),
});
