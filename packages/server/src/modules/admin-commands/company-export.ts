import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { type Column, is, type SQL, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { ZipFile } from 'yazl';
import type { AppContext } from '../../platform/context';
import type { Database, Executor } from '../../platform/db/client';
import * as schema from '../../platform/db/schema';
import { OWNER_ONLY_DIR, OWNER_ONLY_FILE } from '../../platform/files/owner-only';

/**
 * The company export (admin command "export the company's data"): a ZIP with one JSON file per
 * company-scoped table, the company's stored files and a manifest with counts and SHA-256 checksums.
 * Secrets are left out on purpose (see NOT_EXPORTED); the manifest says so.
 */

/**
 * Tables holding only sign-in secrets or machinery, or what the database derives from the exported
 * rows by itself (project_counts and project_delivery_counts, rebuilt by their triggers as the projects
 * are imported): never exported.
 */
const EXCLUDED_TABLES = new Set([
  'sessions',
  'password_resets',
  'auth_throttle',
  'sign_in_addresses',
  'user_two_factor',
  'two_factor_recovery_codes',
  'sign_in_challenges',
  'job_effects',
  'project_counts',
  'project_delivery_counts',
  // A calendar feed is its secret address (stored hashed, unique): without it the row is nothing, and
  // a restored company's people make new addresses. A push device's endpoint and keys are its secrets.
  'calendar_feeds',
  'push_subscriptions',
]);

/** Columns holding secrets (hashes of passwords and tokens, sealed tokens and webhook secrets). */
const SECRET_COLUMN = /(^password_hash$|token_hash$|_sealed$)/;

/** What a check import writes into a required secret column it does not have. */
export const SECRET_PLACEHOLDER = 'not-exported';

export const NOT_EXPORTED = [
  'password hashes (users.password_hash)',
  'sessions, sign-in challenges, password resets and two-factor secrets',
  'calendar feed addresses and the devices registered for push notifications',
  'sealed secrets: accounting tokens and webhook signing secrets (*_sealed columns)',
];

export type ExportTable = {
  name: string;
  table: PgTable;
  /** Rows of the company: a condition on the table's alias `t`. */
  where: (companyId: string) => SQL;
  /** Secret columns left out (database names). */
  stripped: string[];
};

const columnsOf = (table: PgTable) => getTableConfig(table).columns as Column[];

/** Every table with a `company_id` column, the company itself and the company's users. */
export const exportTables = (): ExportTable[] => {
  const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
  const result: ExportTable[] = [];
  for (const table of tables) {
    const { name } = getTableConfig(table);
    if (EXCLUDED_TABLES.has(name)) continue;
    const columns = columnsOf(table).map((column) => column.name);
    const stripped = columns.filter((column) => SECRET_COLUMN.test(column));
    if (name === 'companies') result.push({ name, table, where: (id) => sql`t.id = ${id}`, stripped });
    else if (name === 'users')
      result.push({
        name,
        table,
        where: (id) => sql`t.id in (select m.user_id from memberships m where m.company_id = ${id})`,
        stripped,
      });
    else if (columns.includes('company_id'))
      result.push({ name, table, where: (id) => sql`t.company_id = ${id}`, stripped });
  }
  return result.sort((a, b) => a.name.localeCompare(b.name));
};

export const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

type Row = Record<string, unknown>;

/** The rows in one canonical spelling: Postgres's own JSON of each row, secrets out, sorted. */
export const canonicalRows = (rows: Row[], stripped: string[]) =>
  rows
    .map((row) => {
      const copy = { ...row };
      for (const column of stripped) delete copy[column];
      return JSON.stringify(copy);
    })
    .sort();

export const canonicalJson = (canonical: string[]) => `[${canonical.join(',')}]`;

/** Reads a table's company rows as Postgres spells them (timestamps in UTC). */
export const readRows = async (db: Executor, table: ExportTable, companyId: string): Promise<Row[]> => {
  const { name } = getTableConfig(table.table);
  const result = (await db.execute(
    sql`select to_jsonb(t) as row from ${sql.identifier(name)} t where ${table.where(companyId)}`,
  )) as unknown as { rows: { row: Row | string }[] };
  return result.rows.map(({ row }) => (typeof row === 'string' ? (JSON.parse(row) as Row) : row));
};

/** Reads inside one transaction in UTC, so every table is of the same moment and spelled alike. */
export const inUtc = <T>(db: Database, work: (tx: Executor) => Promise<T>) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    return work(tx);
  });

export type ManifestTable = { name: string; file: string; rows: number; sha256: string; stripped: string[] };
export type ManifestFile = { path: string; id: string; size: number; sha256: string };
export type ExportManifest = {
  format: 'karm-export/1';
  karmVersion: string;
  exportedAt: string;
  company: { id: string; name: string };
  tables: ManifestTable[];
  files: ManifestFile[];
  notExported: string[];
};

export const exportsDir = (ctx: AppContext) => path.join(ctx.config.dataDir, 'exports');
export const exportPath = (ctx: AppContext, runId: string) => path.join(exportsDir(ctx), `${runId}.zip`);

/** Writes the company's export to `exports/<runId>.zip`, streaming the files; answers the manifest. */
export const writeCompanyExport = async (
  ctx: AppContext,
  companyId: string,
  runId: string,
  progress: (done: number, total: number) => void,
): Promise<ExportManifest> => {
  const tables = exportTables();
  const target = exportPath(ctx, runId);
  await mkdir(path.dirname(target), { recursive: true, mode: OWNER_ONLY_DIR });
  const partial = `${target}.partial`;
  const zip = new ZipFile();
  const output = createWriteStream(partial, { mode: OWNER_ONLY_FILE });
  const written = new Promise<void>((resolve, reject) => {
    output.on('close', resolve);
    output.on('error', reject);
    zip.outputStream.on('error', reject);
  });
  zip.outputStream.pipe(output);
  try {
    // The rows in one transaction (one moment); the files streamed after it, so a long export never
    // holds the database (PGlite has a single connection).
    const read = await inUtc(ctx.db, async (tx) => {
      const total = tables.length + 1;
      const manifestTables: ManifestTable[] = [];
      let companyName = '';
      let fileRows: Row[] = [];
      for (const [index, table] of tables.entries()) {
        const rows = await readRows(tx, table, companyId);
        if (table.name === 'companies') companyName = String(rows[0]?.name ?? '');
        if (table.name === 'files') fileRows = rows;
        const canonical = canonicalRows(rows, table.stripped);
        const json = canonicalJson(canonical);
        const file = `tables/${table.name}.json`;
        zip.addBuffer(Buffer.from(json), file);
        manifestTables.push({
          name: table.name,
          file,
          rows: rows.length,
          sha256: sha256(json),
          stripped: table.stripped,
        });
        progress(index + 1, total);
      }
      return { manifestTables, companyName, fileRows, total };
    });
    const { manifestTables, companyName, fileRows, total } = read;
    const files: ManifestFile[] = [];
    for (const row of fileRows) {
      const key = String(row.storage_key ?? row.id);
      const entry = `files/${key}`;
      const hash = createHash('sha256');
      let size = 0;
      // Hashed on its way into the ZIP: a file is never held in memory whole.
      const tap = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      const source = ctx.files.open(key) as Readable;
      const ended = new Promise<void>((resolve, reject) => {
        tap.on('end', resolve);
        tap.on('error', reject);
        source.on('error', reject);
      });
      source.pipe(tap);
      zip.addReadStream(tap, entry);
      await ended;
      files.push({ path: entry, id: String(row.id), size, sha256: hash.digest('hex') });
    }
    progress(total, total);
    const manifest: ExportManifest = {
      format: 'karm-export/1',
      karmVersion: ctx.version,
      exportedAt: ctx.clock.now().toISOString(),
      company: { id: companyId, name: companyName },
      tables: manifestTables,
      files,
      notExported: NOT_EXPORTED,
    };
    zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), 'manifest.json');
    zip.end();
    await written;
    await rename(partial, target);
    return manifest;
  } catch (error) {
    zip.end();
    await written.catch(() => undefined);
    await rm(partial, { force: true });
    throw error;
  }
};
