import type { CustomerDto } from '@karm/domain/contract';
import { exportSource, pagedBatches } from '../exports/export-source';
import { listCustomers } from './customers.service';

export const customersExport = exportSource({
  list: 'customers',
  columns: [
    { key: 'customerNumber', type: 'number', value: (customer: CustomerDto) => customer.customerNumber },
    { key: 'name', type: 'text', value: (customer) => customer.name },
    { key: 'organizationNumber', type: 'text', value: (customer) => customer.organizationNumber },
    { key: 'email', type: 'text', value: (customer) => customer.email },
    { key: 'phoneNumber', type: 'text', value: (customer) => customer.phoneNumber },
    { key: 'phoneNumberMobile', type: 'text', value: (customer) => customer.phoneNumberMobile },
    { key: 'address', type: 'text', value: (customer) => customer.address },
    { key: 'postalCode', type: 'text', value: (customer) => customer.postalCode },
    { key: 'city', type: 'text', value: (customer) => customer.city },
    { key: 'category', type: 'text', value: (customer) => customer.category },
    { key: 'isInactive', type: 'text', value: (customer) => customer.isInactive },
  ],
  batches: (ctx, actor, filters) =>
    pagedBatches((page, pageSize) => listCustomers(ctx, actor, { ...filters, page, pageSize })),
});
