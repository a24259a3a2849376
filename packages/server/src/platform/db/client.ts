import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { makeOwnerOnlyDir, restrictTreeToOwner } from '../files/owner-only';
import * as schema from './schema';

export type Schema = typeof schema;

/** The one database type use cases see, whichever engine sits behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A use case may run on the database or inside a caller's transaction. */
export type Executor = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Answers whether the database responds (for /api/health). */
  ping: () => Promise<boolean>;
  /**
   * Plain SQL text with `$n` parameters, for libraries that bring their own SQL (the pg-boss job
   * queue). Text without parameters may hold several statements. A statement that fails inside a
   * transaction the text opened leaves no transaction open behind it.
   */
  runSql: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  /** Runs `work` while no other Karm instance does the same (migrations at start). */
  exclusively: <T>(work: () => Promise<T>) => Promise<T>;
  /**
   * Listens to a notification channel (`pg_notify`, sent by triggers on commit), for a subscriber
   * that must hear every notice before anyone can act on the change. PGlite calls `notice` before the
   * committing statement returns. On PostgreSQL a notice reaches a listening connection only after
   * the writer's commit answer, so it never reports `listening(true)`. `listening(false)` says notices
   * may be missed (and when the subscription ends). Answers the unsubscribe.
   */
  subscribe: (channel: string, listener: NotificationListener) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
};

export type NotificationListener = { notice: () => void; listening: (isListening: boolean) => void };

/** Channels are fixed names in code; checked anyway, since LISTEN takes no parameter. */
const checkedChannel = (channel: string) => {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  return channel;
};

/** Any fixed number: the key of the PostgreSQL advisory lock that serialises instance start-ups. */
const STARTUP_LOCK_KEY = 7_225_176;

export type DatabaseTarget =
  | { url: string }
  | { dataDir: string }
  /** `from`: a dump (`dumpDataDir`) to start from instead of an empty database (tests). */
  | { inMemory: true; from?: Blob };

// The PostgreSQL driver is loaded only when it is used: a start on the embedded database (the
// default, and the demo's) does not pay the time and memory of loading it.
const openPostgres = async (url: string): Promise<DatabaseHandle> => {
  const [{ default: pg }, { drizzle: drizzleNodePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    runSql: async (text, values) => {
      const client = await pool.connect();
      try {
        return await client.query(text, values);
      } catch (error) {
        // A multi-statement text that began a transaction leaves it aborted on this connection.
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    exclusively: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        return await work();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    // PostgreSQL delivers a notice to a listening connection only after the writer has its commit
    // answer, so a caller could act on the change before the notice arrives: a subscriber that must
    // never miss one is told it does not hear them (and reads the database instead).
    subscribe: async (channel, listener) => {
      checkedChannel(channel);
      listener.listening(false);
      return async () => undefined;
    },
    close: () => pool.end(),
  };
};

const openPglite = async (dataDir: string | undefined, from?: Blob): Promise<DatabaseHandle> => {
  if (dataDir) {
    await makeOwnerOnlyDir(path.dirname(dataDir));
    await makeOwnerOnlyDir(dataDir);
  }
  // pg_trgm backs the "contains" searches' indexes, as it does on PostgreSQL.
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(from ? { loadDataDir: from } : {}),
    extensions: { pg_trgm },
  });
  // PGlite's file system layer (Emscripten NODEFS) ignores PostgreSQL's own 0600: initdb's ~1 000
  // files come out 0666 and the relation cache files are chmod-ed to 0644 on every start — explicit
  // chmods, so no process umask prevents them (checked with PGlite 0.5). The owner-only folder
  // already shuts others out; closing the files themselves too keeps a copied or re-mounted folder
  // safe. Files PostgreSQL makes later (tables, WAL) are created 0600 by PostgreSQL itself.
  if (dataDir) await restrictTreeToOwner(dataDir);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  let queue: Promise<unknown> = Promise.resolve();
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    runSql: async (text, values) => {
      // PGlite's query() takes one statement with parameters; exec() takes several without.
      if (values && values.length > 0) return client.query<Record<string, unknown>>(text, values);
      try {
        const results = await client.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      } catch (error) {
        await client.exec('rollback').catch(() => undefined);
        throw error;
      }
    },
    // One process owns an embedded database; callers within it take turns.
    exclusively: (work) => {
      const turn = queue.then(work);
      queue = turn.catch(() => undefined);
      return turn;
    },
    subscribe: async (channel, listener) => {
      const unlisten = await client.listen(checkedChannel(channel), () => listener.notice());
      listener.listening(true);
      return async () => {
        listener.listening(false);
        // The database may already be closed (tests close it after their apps): nothing to undo then.
        if (!client.closed) await unlisten().catch(() => undefined);
      };
    },
    // PGlite keeps Node alive and must flush its files: it is always closed explicitly.
    close: () => client.close(),
  };
};

export const openDatabase = async (target: DatabaseTarget): Promise<DatabaseHandle> => {
  if ('url' in target) return openPostgres(target.url);
  if ('dataDir' in target) return openPglite(target.dataDir);
  return openPglite(undefined, target.from);
};
