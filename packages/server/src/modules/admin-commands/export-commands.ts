import { access, rm } from 'node:fs/promises';
import { and, desc, eq, lt, ne } from 'drizzle-orm';
import type { Actor, AppContext } from '../../platform/context';
import { notFound, validationError } from '../../platform/errors';
import { defineJob } from '../../platform/jobs/job-table';
import { runWorkerTask } from '../../platform/workers/worker-task';
import { adminCommandRuns } from './admin-commands.tables';
import type { CommandDefinition } from './command-table';
import { exportPath, writeCompanyExport } from './company-export';
import type { ExportCheckOutcome } from './export-check';

/** How long an export is kept for download. */
export const EXPORT_KEEP_MS = 24 * 60 * 60 * 1000;
const NO_EXPORT = 'adminCommands:error.noExport';

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** The company's latest successful export run whose ZIP is still kept, if any. */
export const latestExport = async (ctx: AppContext, companyId: string) => {
  const runs = await ctx.db
    .select()
    .from(adminCommandRuns)
    .where(
      and(
        eq(adminCommandRuns.companyId, companyId),
        eq(adminCommandRuns.command, 'export-data'),
        eq(adminCommandRuns.status, 'succeeded'),
      ),
    )
    .orderBy(desc(adminCommandRuns.createdAt), desc(adminCommandRuns.id))
    .limit(1);
  const run = runs[0];
  if (!run || !(await exists(exportPath(ctx, run.id)))) return null;
  return { run, path: exportPath(ctx, run.id) };
};

/** The ZIP of an export run of the actor's company (another company's, or a removed one: not found). */
export const exportOfRun = async (ctx: AppContext, actor: Actor, runId: string) => {
  const [run] = await ctx.db
    .select()
    .from(adminCommandRuns)
    .where(
      and(
        eq(adminCommandRuns.id, runId),
        eq(adminCommandRuns.companyId, actor.companyId),
        eq(adminCommandRuns.command, 'export-data'),
        eq(adminCommandRuns.status, 'succeeded'),
      ),
    );
  const file = run ? exportPath(ctx, run.id) : null;
  if (!run || !file || !(await exists(file))) throw notFound('export');
  return { run, path: file };
};

/** Removes the ZIPs of the company's earlier exports (a newer one replaces them). */
const removeEarlierExports = async (ctx: AppContext, companyId: string, keepRunId: string) => {
  const earlier = await ctx.db
    .select({ id: adminCommandRuns.id })
    .from(adminCommandRuns)
    .where(
      and(
        eq(adminCommandRuns.companyId, companyId),
        eq(adminCommandRuns.command, 'export-data'),
        ne(adminCommandRuns.id, keepRunId),
      ),
    );
  for (const run of earlier) await rm(exportPath(ctx, run.id), { force: true });
};

export const exportData: CommandDefinition = {
  isDestructive: false,
  expireInSeconds: 60 * 60,
  handler: async (ctx, actor, run) => {
    const manifest = await writeCompanyExport(ctx, actor.companyId, run.id, (done, total) =>
      run.progress(done, total, 'progress.tables'),
    );
    await removeEarlierExports(ctx, actor.companyId, run.id);
    return {
      key: 'result.exported',
      params: {
        tables: manifest.tables.length,
        rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
        files: manifest.files.length,
      },
    };
  },
};

/**
 * `checkCompanyExport` in a worker thread: the in-memory PGlite it opens runs every query on the
 * thread that opened it — compiling it, the migrations and the import held the server's event loop
 * for seconds, so every request and push of every user waited meanwhile.
 */
const checkCompanyExportInWorker = (zipPath: string, progress: (done: number, total: number) => void) =>
  runWorkerTask<string, ExportCheckOutcome>(
    new URL('./export-check.worker.ts', import.meta.url),
    zipPath,
    progress,
  );

export const checkExport: CommandDefinition = {
  isDestructive: false,
  expireInSeconds: 60 * 60,
  precheck: async (ctx, actor) => {
    if (!(await latestExport(ctx, actor.companyId)))
      throw validationError({ command: NO_EXPORT }, 'There is no export to check yet');
  },
  handler: async (ctx, actor, run) => {
    const latest = await latestExport(ctx, actor.companyId);
    if (!latest) throw validationError({ command: NO_EXPORT }, 'There is no export to check yet');
    run.progress(0, null, 'progress.checking');
    const outcome = await checkCompanyExportInWorker(latest.path, (done, total) =>
      run.progress(done, total, 'progress.checking'),
    );
    if (outcome.differences.length > 0) {
      throw new Error(`The export differs: ${outcome.differences.join('; ')}`);
    }
    return {
      key: 'result.exportVerified',
      params: { tables: outcome.tables, rows: outcome.rows, files: outcome.files },
    };
  },
};

/** Every night: export ZIPs older than a day are removed (their runs stay in the log). */
export const exportCleanupJob = defineJob({
  name: 'admin-commands.remove-old-exports',
  schedule: { cron: '30 3 * * *' },
  handler: async (ctx) => {
    const before = new Date(ctx.clock.now().getTime() - EXPORT_KEEP_MS);
    const old = await ctx.db
      .select({ id: adminCommandRuns.id })
      .from(adminCommandRuns)
      .where(and(eq(adminCommandRuns.command, 'export-data'), lt(adminCommandRuns.createdAt, before)));
    for (const run of old) await rm(exportPath(ctx, run.id), { force: true });
  },
});
