import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config';
import { companies } from '../modules/company/company.tables';
import { createContext } from '../platform/create-context';
import { refreshStatistics } from '../platform/db/statistics';
import { seedBulkProjects } from '../seed/bulk-projects';
import { seedDemo } from '../seed/demo';
import '../module-links';

const HELP = `npm run seed [-- options]

Creates the demo installation in the configured database (DATABASE_URL, or the embedded one in
DATA_DIR) if it is empty. Stop the server first on the embedded database: one process opens it.

  --projects <n>   also add n generated projects (deterministic) to a company, for benchmarks
  --company <nr>   the company's short number for --projects (default 1, the demo company)
  --help           this text`;

/** `npm run seed`: demo data, and optionally bulk projects for the benchmark. */
const run = async () => {
  const { values } = parseArgs({
    options: {
      projects: { type: 'string' },
      company: { type: 'string', default: '1' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const projectCount = values.projects === undefined ? 0 : Number(values.projects);
  if (!Number.isInteger(projectCount) || projectCount < 0)
    throw new Error('--projects must be a whole number');
  const ctx = await createContext(loadConfig());
  try {
    const created = await seedDemo(ctx);
    console.log(created ? 'Demo data created.' : 'The database already has data; the demo was not added.');
    if (projectCount > 0) {
      const [company] = await ctx.db
        .select()
        .from(companies)
        .where(eq(companies.nr, Number(values.company)));
      if (!company) throw new Error(`No company with nr ${values.company}`);
      const started = Date.now();
      await seedBulkProjects(ctx, company.id, projectCount);
      await refreshStatistics(ctx);
      console.log(
        `${projectCount} projects added to ${company.name} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
      );
    }
  } finally {
    await ctx.database.close();
  }
};

run().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
