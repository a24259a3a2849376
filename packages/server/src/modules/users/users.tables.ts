import type { PermissionOverride } from '@karm/domain/contract';
import { jsonb, pgTable, uuid } from 'drizzle-orm/pg-core';
import { instant, version } from '../../platform/db/columns';
import { companies } from '../company/company.tables';

/**
 * A company's departures from the default role permissions (domain `PERMISSIONS`), one row per
 * company, saved whole at a version. Only departures are kept, so a permission added in a later
 * version reaches every role that holds it by default. No row: the defaults.
 */
export const rolePermissions = pgTable('role_permissions', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  overrides: jsonb('overrides').$type<PermissionOverride[]>().notNull().default([]),
  updatedAt: instant('updated_at').notNull().defaultNow(),
  updatedBy: uuid('updated_by'),
  version: version(),
});
