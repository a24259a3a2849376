import path from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { DatabaseHandle } from './client';

export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '../../../drizzle');

/**
 * Applies the committed SQL migrations that have not run yet; safe to call at every start, also
 * when several instances start at once (they take turns). Tests of a data migration pass a folder
 * holding only the migrations before it.
 */
export const applyMigrations = (handle: DatabaseHandle, migrationsFolder = MIGRATIONS_FOLDER) =>
  handle.exclusively(async () => {
    const config = { migrationsFolder };
    // Each engine's migrator is loaded only on that engine (see openPostgres).
    if (handle.kind === 'pglite') {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(handle.db as unknown as PgliteDatabase, config);
    } else {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(handle.db as unknown as NodePgDatabase, config);
    }
  });
