import { rm } from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from '@karm/server/app';
import { loadConfig } from '@karm/server/config';
import { createContext } from '@karm/server/platform/create-context';
import { findDemoCompanyId, seedDemo } from '@karm/server/seed/demo';
import { seedUser } from '@karm/server/seed/factories';
import { E2E_PASSWORD, E2E_PORT, E2E_USERS } from './users';

/**
 * The server the journeys run against: a fresh data folder, the demo company, and one user per
 * journey, built with the same factories as the demo data and the server tests.
 */
const dataDir = path.resolve(import.meta.dirname, '../.data');
await rm(dataDir, { recursive: true, force: true });

const config = loadConfig({
  ...process.env,
  PORT: String(E2E_PORT),
  DATA_DIR: dataDir,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  DEMO_SEED: 'true',
  DATABASE_URL: '',
  REDIS_URL: '',
});
const ctx = await createContext(config);
await seedDemo(ctx);
const demoCompanyId = await findDemoCompanyId(ctx);
for (const username of Object.values(E2E_USERS)) {
  await seedUser(ctx.db, {
    companyIds: [demoCompanyId],
    username,
    email: `${username}@e2e.test`,
    password: E2E_PASSWORD,
    firstName: 'E2E',
    lastName: username.replace('e2e-', ''),
  });
}
const app = await buildApp(ctx);
await app.listen(config.port, '127.0.0.1');

const shutdown = async () => {
  await app.close();
  await ctx.database.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
