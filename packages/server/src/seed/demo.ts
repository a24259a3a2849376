import { count, eq } from 'drizzle-orm';
import { companies } from '../modules/company/company.tables';
import type { AppContext } from '../platform/context';
import { seedCompany, seedUser } from './factories';

export const DEMO_COMPANY_NAME = 'Demo Dør & Vindu AS';
export const SECOND_DEMO_COMPANY_NAME = 'Demo Automatikk AS';
/** The one demo user who belongs to both companies, so company selection can be tried. */
export const SHARED_DEMO_USERNAME = 'kari';

const STAFF = [
  {
    username: 'ola',
    firstName: 'Ola',
    lastName: 'Nordmann',
    workGroup: 'produksjon',
    born: '1984-03-12',
    employed: '2012-08-01',
  },
  {
    username: 'per',
    firstName: 'Per',
    lastName: 'Hansen',
    workGroup: 'produksjon',
    born: '1990-11-29',
    employed: '2018-01-15',
  },
  {
    username: 'lars',
    firstName: 'Lars',
    lastName: 'Johansen',
    workGroup: 'montasje',
    born: '1979-06-04',
    employed: '2009-04-20',
  },
  {
    username: 'ingrid',
    firstName: 'Ingrid',
    lastName: 'Olsen',
    workGroup: 'montasje',
    born: '1993-02-17',
    employed: '2021-09-01',
  },
  {
    username: 'sofie',
    firstName: 'Sofie',
    lastName: 'Larsen',
    workGroup: 'service',
    born: '1988-12-01',
    employed: '2015-03-09',
  },
  {
    username: 'erik',
    firstName: 'Erik',
    lastName: 'Berg',
    workGroup: 'service',
    born: '1995-07-23',
    employed: '2022-11-28',
  },
] as const;

/**
 * Creates the demo installation, but only on an empty database: a database that has any company is
 * somebody's data and is never touched.
 */
export const seedDemo = async (ctx: AppContext) => {
  const [existing] = await ctx.db.select({ companies: count() }).from(companies);
  if ((existing?.companies ?? 0) > 0) return false;
  const password = ctx.config.demoAdminPassword;
  await ctx.db.transaction(async (tx) => {
    const demo = await seedCompany(tx, { name: DEMO_COMPANY_NAME, nr: 1, organisationNumber: '923609016' });
    const second = await seedCompany(tx, {
      name: SECOND_DEMO_COMPANY_NAME,
      nr: 2,
      organisationNumber: '974760673',
    });
    await seedUser(tx, {
      companyIds: [demo.id],
      role: 'admin',
      username: 'admin',
      email: 'admin@demo-dor-vindu.no',
      password,
      firstName: 'Anne',
      lastName: 'Admin',
      userType: 'admin',
      profile: { plannerWorkGroup: 'admin' },
    });
    await seedUser(tx, {
      companyIds: [demo.id, second.id],
      username: SHARED_DEMO_USERNAME,
      email: 'kari@demo-dor-vindu.no',
      password,
      firstName: 'Kari',
      lastName: 'Kontor',
      userType: 'admin',
      role: 'admin',
      dateOfBirth: '1986-05-30',
      dateOfEmployment: '2016-06-01',
      profile: { plannerWorkGroup: 'admin' },
    });
    for (const person of STAFF) {
      await seedUser(tx, {
        companyIds: [demo.id],
        username: person.username,
        email: `${person.username}@demo-dor-vindu.no`,
        password,
        firstName: person.firstName,
        lastName: person.lastName,
        userType: 'employee',
        dateOfBirth: person.born,
        dateOfEmployment: person.employed,
        profile: { plannerWorkGroup: person.workGroup },
      });
    }
  });
  ctx.logger.info({ company: DEMO_COMPANY_NAME }, 'demo data created');
  return true;
};

/** The demo company's id, for tools that add to the demo installation (the journeys' users). */
export const findDemoCompanyId = async (ctx: AppContext) => {
  const [demo] = await ctx.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, DEMO_COMPANY_NAME));
  if (!demo) throw new Error(`${DEMO_COMPANY_NAME} does not exist`);
  return demo.id;
};
