import { appendFile, rm } from 'node:fs/promises';
import { buildApp } from '@karm/server/app';
import { loadConfig } from '@karm/server/config';
import { createContext } from '@karm/server/platform/create-context';
import { findDemoCompanyId, SECOND_DEMO_COMPANY_NAME, seedDemo } from '@karm/server/seed/demo';
import { seedEmployee, seedUser } from '@karm/server/seed/factories';
import { startFakeTripletex } from '@karm/server/test/fake-tripletex/fake-tripletex';
import { startSmtpRelay } from '@karm/server/test/smtp-relay';
import { MAIL_FILE } from './mails';
import { E2E_ADMINS, E2E_DATA_DIR, E2E_PASSWORD, E2E_PORT, E2E_USERS } from './users';

/**
 * The server the journeys run against: a fresh data folder, the demo company, and one user per
 * journey, built with the same factories as the demo data and the server tests.
 */
const dataDir = E2E_DATA_DIR;
await rm(dataDir, { recursive: true, force: true });

// Tripletex cannot be reached from here: the journeys talk to the fake, over real HTTP on loopback.
const tripletex = await startFakeTripletex({ companyName: 'Demo Dør & Vindu AS (Tripletex)' });
tripletex.state.seedCustomer({
  name: 'Tripletex Byggvare AS',
  customerNumber: 30_001,
  organizationNumber: '923609016',
});
tripletex.state.seedCustomer({ name: 'Tripletex Eiendom AS', customerNumber: 30_002 });

// The SMTP relay cannot be reached from here either: mail goes over SMTP to a relay on loopback.
// Each mail received is one JSON line in MAIL_FILE, where the journeys read the links users would get.
const mailRelay = await startSmtpRelay((mail) => appendFile(MAIL_FILE, `${JSON.stringify(mail)}\n`));

const config = loadConfig({
  ...process.env,
  PORT: String(E2E_PORT),
  DATA_DIR: dataDir,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  DEMO_SEED: 'true',
  DATABASE_URL: '',
  REDIS_URL: '',
  TRIPLETEX_BASE_URL: tripletex.url,
  SMTP_URL: mailRelay.url,
});
const ctx = await createContext(config);
await seedDemo(ctx);
const demoCompanyId = await findDemoCompanyId(ctx);
// The accounting journey connects a company to Tripletex; it does so in the second demo company,
// so the other journeys keep working with customers kept in Karm.
const secondCompanyId = await findDemoCompanyId(ctx, SECOND_DEMO_COMPANY_NAME);
const journeyUsers = [
  ...Object.values(E2E_USERS).map((username) => ({ username, role: 'user' as const })),
  { username: E2E_ADMINS.norwegian, role: 'admin' as const },
  { username: E2E_ADMINS.shell, role: 'admin' as const },
  { username: E2E_ADMINS.pipeline, role: 'admin' as const },
  { username: E2E_ADMINS.company, role: 'admin' as const },
];
const seedJourneyUser = (username: string, role: 'user' | 'admin', companyId: string) =>
  seedUser(ctx.db, {
    companyIds: [companyId],
    role,
    username,
    email: `${username}@e2e.test`,
    password: E2E_PASSWORD,
    firstName: 'E2E',
    lastName: username.replace('e2e-', ''),
  });
// Every journey user is also an employee, so "Mine" in the project list has someone behind it.
for (const { username, role } of journeyUsers) {
  const user = await seedJourneyUser(username, role, demoCompanyId);
  await seedEmployee(ctx.db, demoCompanyId, {
    firstName: 'E2E',
    lastName: username.replace('e2e-', ''),
    displayName: `E2E ${username.replace('e2e-', '')}`,
    userId: user.id,
  });
}
await seedJourneyUser(E2E_ADMINS.accounting, 'admin', secondCompanyId);

const app = await buildApp(ctx);
await app.listen(config.port, '127.0.0.1');

const shutdown = async () => {
  await app.close();
  await ctx.database.close();
  await tripletex.close();
  await mailRelay.close();
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
