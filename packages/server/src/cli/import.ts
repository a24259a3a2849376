import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { asc, eq } from 'drizzle-orm';
import { loadConfig } from '../config';
import { companies } from '../modules/company/company.tables';
import {
  commandLineActor,
  type ImportReport,
  importLegacyProjects,
  LEGACY_FIELD_MAPPING,
  parseLegacyFile,
} from '../modules/projects/legacy-import';
import type { AppContext } from '../platform/context';
import { createContext } from '../platform/create-context';
import { refreshStatistics } from '../platform/db/statistics';
import { AppError } from '../platform/errors';
import { createLogger } from '../platform/logging';
import '../module-links';

const mappingTable = () => {
  const width = Math.max(...LEGACY_FIELD_MAPPING.map(([legacy]) => legacy.length));
  return LEGACY_FIELD_MAPPING.map(([legacy, karm]) => `  ${legacy.padEnd(width)}  →  ${karm}`).join('\n');
};

const HELP = `npm run import -- <projects.json> [options]

Imports projects exported from the old system: a JSON array of its project records (SPEC §3 legacy
fields and the inner mprj record). Each record is imported in its own transaction; a record that
cannot be imported is skipped and reported, the others go on. Re-running the same file is safe:
numbers already there are skipped. A relative path is read from the folder npm was run in: the
repository root for \`npm run import\` there, packages/server when run in that folder.

The database is the configured one (DATABASE_URL, or the embedded one in DATA_DIR). Stop the Karm
server first when it runs on the embedded database: only one process can open it.

Options:
  --company <nr>   the company's short number (default: the only company; required when there
                   are several)
  --dry-run        check and map every record, report what would happen, write nothing
  --help           this text

How the legacy fields land on Karm's project:
${mappingTable()}

Dates may be written in any accepted format (24.12.2026, 2026-12-24, 12/24/2026, ISO); amounts and
hours may be text with spaces and decimal commas ("1 234,50"). projectvalue is in kroner.
A customer, project manager or department that cannot be found is left empty and reported.

Exit status: 0 when the file was read (even if records were skipped), 1 when it could not be
read, is not a JSON array, or the company is unknown.`;

/** A message for the person at the terminal; exits with status 1. */
class UsageError extends Error {}

const chooseCompany = async (ctx: AppContext, nr: string | undefined) => {
  if (nr !== undefined) {
    const number = Number(nr);
    if (!Number.isSafeInteger(number))
      throw new UsageError(`--company must be a company number, not "${nr}"`);
    const [company] = await ctx.db.select().from(companies).where(eq(companies.nr, number));
    if (!company) throw new UsageError(`No company with nr ${number}`);
    return company;
  }
  const all = await ctx.db.select().from(companies).orderBy(asc(companies.nr));
  if (all.length === 1 && all[0]) return all[0];
  if (all.length === 0)
    throw new UsageError('There is no company yet: start Karm once (or run npm run seed) first');
  throw new UsageError(
    `There are ${all.length} companies; choose one with --company <nr>:\n${all
      .map((company) => `  ${company.nr}  ${company.name}`)
      .join('\n')}`,
  );
};

const printReport = (report: ImportReport, companyName: string, isDryRun: boolean) => {
  const total = report.imported.length + report.skipped.length;
  const verb = isDryRun ? 'Would import' : 'Imported';
  console.log(`${verb} ${report.imported.length} of ${total} projects into ${companyName}.`);
  for (const project of report.imported) {
    console.log(`  ✓ record ${project.record}: ${project.number ?? '(next number)'} ${project.name}`);
    for (const note of project.notes) console.log(`      ! ${note}`);
  }
  if (report.skipped.length > 0) console.log(`Skipped ${report.skipped.length}:`);
  for (const skipped of report.skipped) {
    const what = [skipped.number, skipped.name && `"${skipped.name}"`].filter(Boolean).join(' ');
    console.log(`  ✗ record ${skipped.record}${what ? ` (${what})` : ''}: ${skipped.reason}`);
  }
};

const run = async () => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      company: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) throw new UsageError(`Give one JSON file to import.\n\n${HELP}`);

  // npm runs workspace scripts in the workspace's folder; INIT_CWD is where npm was started. (The root
  // script starts a second npm in the root folder, so from the root the path is relative to the root.)
  const filePath = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  let content: string;
  try {
    content = await readFile(filePath, 'utf8');
  } catch (error) {
    throw new UsageError(`Cannot read ${filePath}: ${(error as Error).message}`);
  }
  const records = parseLegacyFile(content);

  const config = loadConfig();
  // Log lines would drown the report; warnings and errors still show.
  const ctx = await createContext(config, { logger: createLogger('warn') });
  try {
    const company = await chooseCompany(ctx, values.company);
    const isDryRun = values['dry-run'];
    const report = await importLegacyProjects(ctx, commandLineActor(company.id), records, { isDryRun });
    if (!isDryRun) await refreshStatistics(ctx);
    printReport(report, `${company.name} (nr ${company.nr})`, isDryRun);
  } finally {
    await ctx.database.close();
  }
};

const isArgumentError = (error: unknown) =>
  String((error as { code?: unknown }).code ?? '').startsWith('ERR_PARSE_ARGS');

run().catch((error) => {
  if (isArgumentError(error)) console.error(`${(error as Error).message}\nSee npm run import -- --help`);
  else console.error(error instanceof UsageError || error instanceof AppError ? error.message : error);
  process.exit(1);
});
