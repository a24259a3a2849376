import { appendFile, mkdir, rm, writeFile } from 'node:fs/promises';
import { projectCreateSchema, type Role } from '@karm/domain/contract';
import { buildApp } from '@karm/server/app';
import { loadConfig } from '@karm/server/config';
import { TRIPLETEX_TIMEOUT_MS } from '@karm/server/integrations/accounting/tripletex/tripletex-adapter';
import { settingsOf, updateAccountingSettings } from '@karm/server/modules/accounting/settings.service';
import { getCompanyInfo } from '@karm/server/modules/company/company.service';
import { createProject } from '@karm/server/modules/projects/projects.service';
import { administrativeActor } from '@karm/server/platform/context';
import { createContext } from '@karm/server/platform/create-context';
import { findDemoCompanyId, SECOND_DEMO_COMPANY_NAME, seedDemo } from '@karm/server/seed/demo';
import { seedCompany, seedEmployee, seedUser } from '@karm/server/seed/factories';
import { startFakePushService } from '@karm/server/test/fake-push-service';
import { FAKE_TRIPLETEX_TOKENS, startFakeTripletex } from '@karm/server/test/fake-tripletex/fake-tripletex';
import { startSmtpRelay } from '@karm/server/test/smtp-relay';
import { throwawayPasswordHash } from '@karm/server/test/test-passwords';
import { MAIL_FILE } from './mails';
import { PUSH_FILE, PUSH_SUBSCRIPTION_FILE } from './pushes';
import {
  CALENDAR_COMPANY_NAME,
  CAPACITY_COMPANY_NAME,
  CAPACITY_EMPLOYEES,
  DASHBOARD_COMPANY_NAME,
  E2E_ADMINS,
  E2E_CALENDAR_ADMINS,
  E2E_CAPACITY_ADMIN,
  E2E_CHECKLIST_USERS,
  E2E_DASHBOARD_USERS,
  E2E_DATA_DIR,
  E2E_EXPENSE_ADMIN,
  E2E_EXPENSE_PROJECTS,
  E2E_EXPENSE_USERS,
  E2E_MESSAGE_USERS,
  E2E_PASSWORD,
  E2E_PLANNER_EMPLOYEES,
  E2E_PLANNER_USERS,
  E2E_PORT,
  E2E_QUALITY_USERS,
  E2E_REPORT_USERS,
  E2E_ROLE_PROJECTS,
  E2E_ROLE_USERS,
  E2E_SERVICE_AGREEMENT_PROJECTS,
  E2E_SERVICE_AGREEMENT_USERS,
  E2E_SERVICE_ANSWER_PROJECTS,
  E2E_SERVICE_ANSWER_USERS,
  E2E_SERVICE_DISPATCH_PROJECTS,
  E2E_SERVICE_DISPATCH_USERS,
  E2E_SERVICE_DISPATCH_WORKERS,
  E2E_SERVICE_REPORT_PROJECTS,
  E2E_SERVICE_REPORT_USERS,
  E2E_SERVICE_WORK_PROJECTS,
  E2E_SERVICE_WORK_USERS,
  E2E_SUBSCRIPTION_USERS,
  E2E_TASK_USERS,
  E2E_TRIPLETEX_PORT,
  E2E_USERS,
  MESSAGES_COMPANY_NAME,
  PLANNER_COMPANY_NAME,
  REPORTS_COMPANY_NAME,
  SECURED_COMPANY_NAME,
  SUBSCRIPTIONS_COMPANY_NAME,
  TRIPLETEX_COMPANY_NAME,
} from './users';

/**
 * The server the journeys run against: a fresh data folder, the demo company, and one user per
 * journey, built with the same factories as the demo data and the server tests.
 */
const dataDir = E2E_DATA_DIR;
await rm(dataDir, { recursive: true, force: true });

// Tripletex cannot be reached from here: the journeys talk to the fake, over real HTTP on loopback.
const tripletex = await startFakeTripletex({
  companyName: 'Demo Dør & Vindu AS (Tripletex)',
  port: E2E_TRIPLETEX_PORT,
});
tripletex.state.seedCustomer({
  name: 'Tripletex Byggvare AS',
  customerNumber: 30_001,
  organizationNumber: '923609016',
});
tripletex.state.seedCustomer({ name: 'Tripletex Eiendom AS', customerNumber: 30_002 });
// Invoicing an order takes Tripletex a moment: the Tripletex invoicing journey sees the square
// "not sent, waiting for Tripletex" before it turns "pending payment". Long enough for a busy
// machine to show the square in between (4 s was missed once, with the load at 17), and well within
// the adapter's timeout, or the invoicing would fail instead of waiting.
tripletex.inject({
  method: 'PUT',
  path: /^\/order\/\d+\/:invoice$/,
  delayMs: TRIPLETEX_TIMEOUT_MS * 0.6,
  times: Number.POSITIVE_INFINITY,
});

// The SMTP relay cannot be reached from here either: mail goes over SMTP to a relay on loopback.
// Each mail received is one JSON line in MAIL_FILE, where the journeys read the links users would get.
const mailRelay = await startSmtpRelay((mail) => appendFile(MAIL_FILE, `${JSON.stringify(mail)}\n`));

// Nor can a browser vendor's push service: a push service on loopback takes the server's Web Push
// messages (it trusts that service's certificate, in this process only) and writes each to PUSH_FILE.
const pushService = await startFakePushService({
  onReceive: ({ path: pushPath, payload }) => {
    const endpoint = `${pushService.origin}${pushPath}`;
    void appendFile(PUSH_FILE, `${JSON.stringify({ endpoint, payload })}\n`);
  },
});
await mkdir(dataDir, { recursive: true });
await writeFile(PUSH_SUBSCRIPTION_FILE, JSON.stringify(pushService.subscribe('push-journey')));

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
  // The webhooks journey's receiver listens on loopback, which only this setting lets an admin allow.
  WEBHOOKS_ALLOW_PRIVATE: 'true',
  // No network in journeys: the service map draws its markers on a blank map.
  MAP_TILE_URL: 'none',
});
const ctx = await createContext(config);
await seedDemo(ctx);
const demoCompanyId = await findDemoCompanyId(ctx);
// The accounting journey connects a company to Tripletex; it does so in the second demo company,
// so the other journeys keep working with customers kept in Karm.
const secondCompanyId = await findDemoCompanyId(ctx, SECOND_DEMO_COMPANY_NAME);
/** Administrators of another company than the demo company (seeded with it, below). */
const ADMINS_OF_OTHER_COMPANIES = new Set<keyof typeof E2E_ADMINS>([
  'accounting',
  'twoFactor',
  'invoicesTripletex',
]);
const journeyUsers: { username: string; role: Role }[] = [
  ...Object.values(E2E_USERS).map((username) => ({ username, role: 'office' as const })),
  // Every administrator of the demo company; those of companies of their own are seeded below.
  ...Object.entries(E2E_ADMINS)
    .filter(([journey]) => !ADMINS_OF_OTHER_COMPANIES.has(journey as keyof typeof E2E_ADMINS))
    .map(([, username]) => ({ username, role: 'admin' as const })),
  ...Object.entries(E2E_ROLE_USERS).map(([role, username]) => ({ username, role: role as Role })),
  { username: E2E_TASK_USERS.leader, role: 'leader' as const },
  { username: E2E_TASK_USERS.leaderNb, role: 'leader' as const },
  { username: E2E_TASK_USERS.technician, role: 'technician' as const },
  { username: E2E_QUALITY_USERS.manager, role: 'admin' as const },
  { username: E2E_QUALITY_USERS.managerNb, role: 'admin' as const },
  { username: E2E_QUALITY_USERS.staff, role: 'technician' as const },
  ...Object.values(E2E_CHECKLIST_USERS).map((username) => ({ username, role: 'leader' as const })),
  ...Object.values(E2E_SERVICE_WORK_USERS).map((username) => ({ username, role: 'leader' as const })),
  ...Object.values(E2E_SERVICE_AGREEMENT_USERS).map((username) => ({ username, role: 'leader' as const })),
  ...Object.values(E2E_SERVICE_ANSWER_USERS).map((username) => ({ username, role: 'technician' as const })),
  ...Object.values(E2E_SERVICE_REPORT_USERS).map((username) => ({ username, role: 'technician' as const })),
  ...Object.values(E2E_SERVICE_DISPATCH_USERS).map((username) => ({ username, role: 'leader' as const })),
  ...Object.values(E2E_EXPENSE_USERS).map((username) => ({ username, role: 'technician' as const })),
  { username: E2E_EXPENSE_ADMIN, role: 'admin' as const },
];
const seedJourneyUser = async (username: string, role: Role, companyId: string) =>
  seedUser(ctx.db, {
    companyIds: [companyId],
    role,
    username,
    email: `${username}@e2e.test`,
    passwordHash: await throwawayPasswordHash(E2E_PASSWORD),
    firstName: 'E2E',
    lastName: username.replace('e2e-', ''),
  });
// Every journey user is also an employee, so "Mine" in the project list has someone behind it.
const userIdOf = new Map<string, string>();
const employeeIdOf = new Map<string, string>();
for (const { username, role } of journeyUsers) {
  const user = await seedJourneyUser(username, role, demoCompanyId);
  const employee = await seedEmployee(ctx.db, demoCompanyId, {
    firstName: 'E2E',
    lastName: username.replace('e2e-', ''),
    displayName: `E2E ${username.replace('e2e-', '')}`,
    userId: user.id,
  });
  userIdOf.set(username, user.id);
  employeeIdOf.set(username, employee.id);
}
// The roles journey: a technician sees the project they manage, never the office user's. The office
// user makes both, as the office would.
const projectMaker = administrativeActor(demoCompanyId, userIdOf.get(E2E_ROLE_USERS.office) ?? '');
for (const [role, name] of Object.entries(E2E_ROLE_PROJECTS)) {
  const username = E2E_ROLE_USERS[role as keyof typeof E2E_ROLE_PROJECTS];
  await createProject(
    ctx,
    projectMaker,
    projectCreateSchema.parse({
      name,
      projectManagerId: employeeIdOf.get(username) ?? null,
      projectAddress: 'Rolleveien 1',
    }),
  );
}
// The service work, agreement and assignment journeys: a service project for each of their leaders.
for (const name of [
  ...Object.values(E2E_SERVICE_WORK_PROJECTS),
  ...Object.values(E2E_SERVICE_AGREEMENT_PROJECTS),
  ...Object.values(E2E_SERVICE_DISPATCH_PROJECTS),
]) {
  await createProject(ctx, projectMaker, projectCreateSchema.parse({ name, isService: true }));
}
// The answering and service report journeys: a service project each technician manages.
for (const [username, name] of [
  ...Object.entries(E2E_SERVICE_ANSWER_PROJECTS).map(
    ([key, name]) =>
      [E2E_SERVICE_ANSWER_USERS[key as keyof typeof E2E_SERVICE_ANSWER_PROJECTS], name] as const,
  ),
  ...Object.entries(E2E_SERVICE_REPORT_PROJECTS).map(
    ([key, name]) =>
      [E2E_SERVICE_REPORT_USERS[key as keyof typeof E2E_SERVICE_REPORT_PROJECTS], name] as const,
  ),
]) {
  await createProject(
    ctx,
    projectMaker,
    projectCreateSchema.parse({
      name,
      isService: true,
      projectManagerId: employeeIdOf.get(username) ?? null,
    }),
  );
}
// The parts and hours journey: a service project each technician manages, to record parts and hours on.
for (const [key, name] of Object.entries(E2E_EXPENSE_PROJECTS)) {
  const username = E2E_EXPENSE_USERS[key as keyof typeof E2E_EXPENSE_PROJECTS];
  await createProject(
    ctx,
    projectMaker,
    projectCreateSchema.parse({
      name,
      isService: true,
      projectManagerId: employeeIdOf.get(username) ?? null,
    }),
  );
}
// The service assignment journey: a service worker of its own per language, in the company's
// service employee category (GET employee/service) and the planner's service group.
const serviceCategory = (await getCompanyInfo(ctx, projectMaker)).serviceEmployeeCategory;
for (const worker of Object.values(E2E_SERVICE_DISPATCH_WORKERS)) {
  await seedEmployee(ctx.db, demoCompanyId, {
    ...worker,
    displayName: `${worker.firstName} ${worker.lastName}`,
    workGroup: 'service',
    employeeCategoryId: serviceCategory?.id ?? null,
  });
}
await seedJourneyUser(E2E_ADMINS.accounting, 'admin', secondCompanyId);
// A company of its own requires two-factor sign-in of administrators, so the other journeys' admins
// keep signing in with a password alone.
const securedCompany = await seedCompany(ctx.db, {
  name: SECURED_COMPANY_NAME,
  requireTwoFactorForAdmins: true,
});
await seedJourneyUser(E2E_ADMINS.twoFactor, 'admin', securedCompany.id);
// The capacity journey's company: its administrator and three employees in work groups.
const capacityCompany = await seedCompany(ctx.db, { name: CAPACITY_COMPANY_NAME });
await seedJourneyUser(E2E_CAPACITY_ADMIN, 'admin', capacityCompany.id);
for (const employee of CAPACITY_EMPLOYEES) {
  await seedEmployee(ctx.db, capacityCompany.id, {
    ...employee,
    displayName: `${employee.firstName} ${employee.lastName}`,
  });
}
// The calendar journey's company: two administrators, one reading English and one Norwegian.
const calendarCompany = await seedCompany(ctx.db, { name: CALENDAR_COMPANY_NAME });
for (const username of Object.values(E2E_CALENDAR_ADMINS)) {
  await seedJourneyUser(username, 'admin', calendarCompany.id);
}
// A company connected to the fake Tripletex from the start, for the journey that invoices through it.
const tripletexCompany = await seedCompany(ctx.db, { name: TRIPLETEX_COMPANY_NAME });
const tripletexAdmin = await seedJourneyUser(E2E_ADMINS.invoicesTripletex, 'admin', tripletexCompany.id);
await updateAccountingSettings(ctx, administrativeActor(tripletexCompany.id, tripletexAdmin.id), {
  provider: 'tripletex',
  environment: 'test',
  ...FAKE_TRIPLETEX_TOKENS,
  externalCompanyId: '0',
  syncIntervalMinutes: 15,
  version: (await settingsOf(ctx, tripletexCompany.id)).version,
});

// The planner journeys' company: its own leaders, administrator and employees in the work groups.
const plannerCompany = await seedCompany(ctx.db, { name: PLANNER_COMPANY_NAME });
for (const { username, role } of Object.values(E2E_PLANNER_USERS)) {
  await seedJourneyUser(username, role, plannerCompany.id);
}
for (const { name, workGroup } of E2E_PLANNER_EMPLOYEES) {
  const [firstName = '', lastName = ''] = name.split(' ');
  await seedEmployee(ctx.db, plannerCompany.id, { firstName, lastName, displayName: name, workGroup });
}

// The messages journeys' company: senders, readers and an administrator of its own.
const messagesCompany = await seedCompany(ctx.db, { name: MESSAGES_COMPANY_NAME });
for (const { username, role } of Object.values(E2E_MESSAGE_USERS)) {
  await seedJourneyUser(username, role, messagesCompany.id);
}

// The dashboard journey's company: its figures are the projects the journey creates.
const dashboardCompany = await seedCompany(ctx.db, { name: DASHBOARD_COMPANY_NAME });
for (const username of Object.values(E2E_DASHBOARD_USERS)) {
  await seedJourneyUser(username, 'admin', dashboardCompany.id);
}

// The reports journey's company: its reports count what the journey creates.
const reportsCompany = await seedCompany(ctx.db, { name: REPORTS_COMPANY_NAME });
for (const username of Object.values(E2E_REPORT_USERS)) {
  await seedJourneyUser(username, 'admin', reportsCompany.id);
}

// The subscriptions journeys' company: leaders who plan and give tasks, technicians who subscribe.
const subscriptionsCompany = await seedCompany(ctx.db, { name: SUBSCRIPTIONS_COMPANY_NAME });
for (const { leader, technician } of Object.values(E2E_SUBSCRIPTION_USERS)) {
  await seedJourneyUser(leader, 'leader', subscriptionsCompany.id);
  const user = await seedJourneyUser(technician, 'technician', subscriptionsCompany.id);
  await seedEmployee(ctx.db, subscriptionsCompany.id, {
    firstName: 'E2E',
    lastName: technician.replace('e2e-', ''),
    displayName: `E2E ${technician.replace('e2e-', '')}`,
    userId: user.id,
  });
}

const app = await buildApp(ctx);
await app.listen(config.port, '127.0.0.1');

const shutdown = async () => {
  await app.close();
  await ctx.database.close();
  await tripletex.close();
  await mailRelay.close();
  await pushService.close();
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
