import path from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './client';

export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '../../../drizzle');

/**
 * Applies the committed SQL migrations that have not run yet; safe to call at every start, also
 * when several instances start at once (they take turns).
 */
export const applyMigrations = (handle: DatabaseHandle) =>
  handle.exclusively(async () => {
    const config = { migrationsFolder: MIGRATIONS_FOLDER };
    if (handle.kind === 'pglite') await migratePglite(handle.db as unknown as PgliteDatabase, config);
    else await migrateNodePg(handle.db as unknown as NodePgDatabase, config);
  });
