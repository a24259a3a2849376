import type { UserAdminDto } from '@karm/domain/contract';
import { exportSource, pagedBatches } from '../exports/export-source';
import { listUsers } from './users.service';

export const usersExport = exportSource({
  list: 'users',
  columns: [
    { key: 'fullName', type: 'text', value: (user: UserAdminDto) => user.fullName },
    { key: 'username', type: 'text', value: (user) => user.username },
    { key: 'email', type: 'text', value: (user) => user.email },
    { key: 'phone', type: 'text', value: (user) => user.phone },
    { key: 'role', type: 'text', value: (user) => user.role },
    { key: 'employee', type: 'text', value: (user) => user.employee?.displayName },
    { key: 'dateOfEmployment', type: 'date', value: (user) => user.dateOfEmployment },
    { key: 'lastSignedInAt', type: 'datetime', value: (user) => user.lastSignedInAt },
    { key: 'isActive', type: 'text', value: (user) => user.isActive },
  ],
  batches: (ctx, actor, filters) =>
    pagedBatches((page, pageSize) => listUsers(ctx, actor, { ...filters, page, pageSize })),
});
