import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { type Column, sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import yauzl from 'yauzl';
import { openDatabase } from '../../platform/db/client';
import { applyMigrations } from '../../platform/db/migrate';
import {
  canonicalJson,
  canonicalRows,
  type ExportManifest,
  type ExportTable,
  exportTables,
  inUtc,
  readRows,
  SECRET_PLACEHOLDER,
  sha256,
} from './company-export';

type Row = Record<string, unknown>;

/** Every entry of a ZIP: JSON entries read whole, file entries only hashed (streamed). */
export const readZip = (zipPath: string) =>
  new Promise<{ json: Map<string, Buffer>; files: Map<string, { size: number; sha256: string }> }>(
    (resolve, reject) => {
      const json = new Map<string, Buffer>();
      const files = new Map<string, { size: number; sha256: string }>();
      yauzl.open(zipPath, { lazyEntries: true }, (openError, zip) => {
        if (openError || !zip) return reject(openError ?? new Error('The export cannot be opened'));
        zip.on('error', reject);
        zip.on('end', () => resolve({ json, files }));
        zip.on('entry', (entry: yauzl.Entry) => {
          zip.openReadStream(entry, (streamError, stream: Readable | undefined) => {
            if (streamError || !stream) return reject(streamError ?? new Error('Unreadable entry'));
            const isFile = entry.fileName.startsWith('files/');
            const hash = createHash('sha256');
            const chunks: Buffer[] = [];
            let size = 0;
            stream.on('data', (chunk: Buffer) => {
              size += chunk.length;
              if (isFile) hash.update(chunk);
              else chunks.push(chunk);
            });
            stream.on('error', reject);
            stream.on('end', () => {
              if (isFile) files.set(entry.fileName, { size, sha256: hash.digest('hex') });
              else json.set(entry.fileName, Buffer.concat(chunks));
              zip.readEntry();
            });
          });
        });
        zip.readEntry();
      });
    },
  );

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Imports an export into a fresh in-memory database with Karm's migrations, table by table in
 * foreign-key order (a table whose references are not there yet waits for the next round; a cycle,
 * such as companies ↔ departments, goes in with its nullable references empty, set afterwards), then
 * reads every table back and compares counts and checksums with the manifest, and every file's hash.
 * Answers the differences (none: the export is verified).
 */
export type ExportCheckOutcome = { differences: string[]; tables: number; rows: number; files: number };

export const checkCompanyExport = async (
  zipPath: string,
  progress: (done: number, total: number) => void,
): Promise<ExportCheckOutcome> => {
  const { json, files } = await readZip(zipPath);
  const manifestBytes = json.get('manifest.json');
  if (!manifestBytes) return { differences: ['manifest.json is missing'], tables: 0, rows: 0, files: 0 };
  const manifest = JSON.parse(manifestBytes.toString('utf8')) as ExportManifest;
  const differences: string[] = [];
  const known = new Map(exportTables().map((table) => [table.name, table]));
  const total = manifest.tables.length * 2 + 1;
  let done = 0;

  const dataOf = new Map<string, Row[]>();
  for (const entry of manifest.tables) {
    const table = known.get(entry.name);
    const bytes = json.get(entry.file);
    if (!table) differences.push(`${entry.name}: not a table of this Karm version`);
    else if (!bytes) differences.push(`${entry.name}: ${entry.file} is missing`);
    else {
      try {
        dataOf.set(entry.name, JSON.parse(bytes.toString('utf8')) as Row[]);
      } catch {
        differences.push(`${entry.name}: ${entry.file} is not valid JSON`);
      }
    }
  }

  const handle = await openDatabase({ inMemory: true });
  try {
    await applyMigrations(handle);
    const db = handle.db;
    await db.execute(sql`set time zone 'UTC'`);
    // One placeholder per row: a secret column may be unique (api_tokens.token_hash), and a shared
    // placeholder made the check fail for any company with two API tokens.
    const withPlaceholders = (table: ExportTable, rows: Row[]) =>
      rows.map((row, index) => {
        const copy = { ...row };
        for (const column of table.stripped) copy[column] = `${SECRET_PLACEHOLDER}-${index + 1}`;
        return copy;
      });
    const insert = async (table: ExportTable, rows: Row[]) => {
      const { name, columns } = getTableConfig(table.table);
      const writable = (columns as Column[]).filter((column) => !column.generated);
      const list = sql.join(
        writable.map((column) => sql.identifier(column.name)),
        sql`, `,
      );
      await db.execute(
        sql`insert into ${sql.identifier(name)} (${list}) select ${list} from jsonb_populate_recordset(null::${sql.identifier(name)}, ${JSON.stringify(rows)}::jsonb)`,
      );
    };
    /** The nullable columns that refer to another table (set after a cycle was broken). */
    const nullableReferences = (table: ExportTable) =>
      getTableConfig(table.table)
        .foreignKeys.flatMap((key) => key.reference().columns as Column[])
        .filter((column) => !column.notNull)
        .map((column) => column.name);
    const deferred: { table: ExportTable; columns: string[]; rows: Row[] }[] = [];

    let waiting = [...dataOf.keys()];
    const failures = new Map<string, string>();
    let breakCycle = false;
    while (waiting.length > 0) {
      const next: string[] = [];
      for (const name of waiting) {
        const table = known.get(name) as ExportTable;
        const rows = withPlaceholders(table, dataOf.get(name) ?? []);
        const nulled = breakCycle ? nullableReferences(table) : [];
        try {
          await insert(
            table,
            nulled.length > 0
              ? rows.map((row) => ({ ...row, ...Object.fromEntries(nulled.map((c) => [c, null])) }))
              : rows,
          );
          if (nulled.length > 0) deferred.push({ table, columns: nulled, rows });
          progress(++done, total);
          breakCycle = false;
        } catch (error) {
          failures.set(name, errorText(error));
          next.push(name);
        }
      }
      if (next.length === waiting.length) {
        if (breakCycle) {
          for (const name of next) differences.push(`${name}: could not be imported (${failures.get(name)})`);
          break;
        }
        breakCycle = true;
      }
      waiting = next;
    }
    for (const { table, columns, rows } of deferred) {
      const { name, primaryKeys } = getTableConfig(table.table);
      const keys = (getTableConfig(table.table).columns as Column[])
        .filter((column) => column.primary)
        .map((column) => column.name)
        .concat(primaryKeys.flatMap((key) => (key.columns as Column[]).map((column) => column.name)));
      try {
        await db.execute(
          sql`update ${sql.identifier(name)} t set ${sql.join(
            columns.map((column) => sql`${sql.identifier(column)} = s.${sql.identifier(column)}`),
            sql`, `,
          )} from jsonb_populate_recordset(null::${sql.identifier(name)}, ${JSON.stringify(rows)}::jsonb) s where ${sql.join(
            keys.map((key) => sql`t.${sql.identifier(key)} = s.${sql.identifier(key)}`),
            sql` and `,
          )}`,
        );
      } catch (error) {
        differences.push(`${name}: references could not be set (${errorText(error)})`);
      }
    }

    let rowCount = 0;
    await inUtc(db, async (tx) => {
      for (const entry of manifest.tables) {
        const table = known.get(entry.name);
        if (!table) continue;
        const rows = await readRows(tx, table, manifest.company.id);
        rowCount += rows.length;
        const hash = sha256(canonicalJson(canonicalRows(rows, table.stripped)));
        if (rows.length !== entry.rows)
          differences.push(`${entry.name}: ${rows.length} rows imported, the manifest says ${entry.rows}`);
        else if (hash !== entry.sha256) differences.push(`${entry.name}: the checksum differs`);
        progress(++done, total);
      }
    });
    for (const file of manifest.files) {
      const found = files.get(file.path);
      if (!found) differences.push(`${file.path}: missing`);
      else if (found.sha256 !== file.sha256 || found.size !== file.size)
        differences.push(`${file.path}: the checksum differs`);
    }
    for (const name of files.keys()) {
      if (!manifest.files.some((file) => file.path === name))
        differences.push(`${name}: not in the manifest`);
    }
    progress(total, total);
    return { differences, tables: manifest.tables.length, rows: rowCount, files: manifest.files.length };
  } finally {
    await handle.close();
  }
};
