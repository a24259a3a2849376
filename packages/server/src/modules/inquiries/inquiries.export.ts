import type { InquiryDto } from '@karm/domain/contract';
import { exportSource, pagedBatches } from '../exports/export-source';
import { listInquiries } from './inquiry-list';

export const inquiriesExport = exportSource({
  list: 'inquiries',
  columns: [
    { key: 'number', type: 'number', value: (inquiry: InquiryDto) => inquiry.number },
    { key: 'receivedDate', type: 'date', value: (inquiry) => inquiry.receivedDate },
    { key: 'deadline', type: 'date', value: (inquiry) => inquiry.deadline },
    { key: 'projectName', type: 'text', value: (inquiry) => inquiry.projectName },
    { key: 'customer', type: 'text', value: (inquiry) => inquiry.customerName },
    { key: 'owner', type: 'text', value: (inquiry) => inquiry.owner?.displayName },
    { key: 'projectAddress', type: 'text', value: (inquiry) => inquiry.projectAddress },
    { key: 'postalCode', type: 'text', value: (inquiry) => inquiry.postalCode },
    { key: 'city', type: 'text', value: (inquiry) => inquiry.city },
    { key: 'projectCategory', type: 'text', value: (inquiry) => inquiry.projectCategory },
  ],
  batches: (ctx, actor, filters) =>
    pagedBatches((page, pageSize) => listInquiries(ctx, actor, { ...filters, page, pageSize })),
});
