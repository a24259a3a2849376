import { readFile } from 'node:fs/promises';
import { count, eq } from 'drizzle-orm';
import { setCompanyService } from '../modules/company/company.service';
import { companies } from '../modules/company/company.tables';
import { ADMIN_CATEGORY_NAME } from '../modules/employees/employees.service';
import { storeUpload } from '../modules/files/files.service';
import { defaultPriceMatrix } from '../modules/price-calculator/default-price-matrix';
import { seedPriceMatrix } from '../modules/price-calculator/price-calculator.service';
import { todayIn } from '../platform/clock';
import { type AppContext, administrativeActor } from '../platform/context';
import { seedDemoBilling } from './demo-billing';
import { seedDemoChecklists } from './demo-checklists';
import { seedDemoCustomers } from './demo-customers';
import { anniversaryDaysAhead, seedDemoDashboard } from './demo-dashboard';
import { seedDemoHelpTexts } from './demo-help';
import { seedDemoInquiries } from './demo-inquiries';
import { seedDemoInvoicing } from './demo-invoicing';
import { seedDemoMessages } from './demo-messages';
import { seedDemoOffers } from './demo-offers';
import { seedDemoPlanner } from './demo-planner';
import { seedDemoPlanning } from './demo-planning';
import { seedDemoProducts } from './demo-products';
import { seedDemoQuality } from './demo-quality';
import { seedDemoServiceAgreements } from './demo-service-agreements';
import { seedDemoServiceWork } from './demo-service-work';
import { seedDemoSubscriptions } from './demo-subscriptions';
import { seedCompany, seedDepartment, seedEmployee, seedEmployeeCategory, seedUser } from './factories';

export const DEMO_COMPANY_NAME = 'Demo Dør & Vindu AS';
export const SECOND_DEMO_COMPANY_NAME = 'Demo Automatikk AS';
/** The one demo user who belongs to both companies, so company selection can be tried. */
export const SHARED_DEMO_USERNAME = 'kari';

const STAFF = [
  {
    username: 'ola',
    phone: '913 45 210',
    firstName: 'Ola',
    lastName: 'Nordmann',
    workGroup: 'produksjon',
    // The production leader plans the workshop's weeks.
    role: 'leader',
    born: '1984-03-12',
    employed: '2012-08-01',
  },
  {
    username: 'per',
    phone: '924 18 377',
    firstName: 'Per',
    lastName: 'Hansen',
    workGroup: 'produksjon',
    role: 'technician',
    born: '1990-11-29',
    employed: '2018-01-15',
  },
  {
    username: 'lars',
    phone: '951 02 846',
    firstName: 'Lars',
    lastName: 'Johansen',
    workGroup: 'montasje',
    // The installation leader plans the fitters.
    role: 'leader',
    born: '1979-06-04',
    employed: '2009-04-20',
  },
  {
    username: 'ingrid',
    phone: '936 71 509',
    firstName: 'Ingrid',
    lastName: 'Olsen',
    workGroup: 'montasje',
    role: 'technician',
    born: '1993-02-17',
    employed: '2021-09-01',
  },
  {
    username: 'sofie',
    phone: '978 23 614',
    firstName: 'Sofie',
    lastName: 'Larsen',
    workGroup: 'service',
    role: 'technician',
    born: '1988-12-01',
    employed: '2015-03-09',
  },
  {
    username: 'erik',
    phone: '940 56 182',
    firstName: 'Erik',
    lastName: 'Berg',
    workGroup: 'service',
    role: 'technician',
    born: '1995-07-23',
    employed: '2022-11-28',
  },
  {
    username: 'tove',
    phone: '917 88 043',
    firstName: 'Tove',
    lastName: 'Lie',
    workGroup: 'admin',
    // The bookkeeper follows offers, projects and invoices without changing them.
    role: 'readonly',
    born: '1969-12-05',
    employed: '2011-02-01',
  },
] as const;

/** Work groups of the resource planner and the employee category each belongs to. */
const CATEGORY_OF_WORK_GROUP = {
  produksjon: 'Produksjon',
  montasje: 'Montasje',
  service: 'Service',
  admin: ADMIN_CATEGORY_NAME,
} as const;

/**
 * Creates the demo installation, but only on an empty database: a database that has any company is
 * somebody's data and is never touched.
 */
export const seedDemo = async (ctx: AppContext) => {
  const [existing] = await ctx.db.select({ companies: count() }).from(companies);
  if ((existing?.companies ?? 0) > 0) return false;
  const password = ctx.config.demoAdminPassword;
  const seeded = await ctx.db.transaction(async (tx) => {
    const demo = await seedCompany(tx, {
      name: DEMO_COMPANY_NAME,
      nr: 1,
      organisationNumber: '923609016',
    });
    // What the offer and work-order PDFs print of the sender.
    await tx
      .update(companies)
      .set({
        address: 'Industriveien 12',
        postalCode: '1481',
        city: 'Hagan',
        phone: '67 06 12 00',
        email: 'post@demo-dor-vindu.no',
        web: 'https://demo-dor-vindu.no',
        bankAccount: '1503.27.41128',
      })
      .where(eq(companies.id, demo.id));
    const second = await seedCompany(tx, {
      name: SECOND_DEMO_COMPANY_NAME,
      nr: 2,
      organisationNumber: '974760673',
    });
    const categories = new Map<string, string>();
    for (const name of Object.values(CATEGORY_OF_WORK_GROUP)) {
      categories.set(name, (await seedEmployeeCategory(tx, demo.id, name)).id);
    }
    const production = await seedDepartment(tx, demo.id, 'Produksjon', '10');
    const field = await seedDepartment(tx, demo.id, 'Montasje og service', '20');
    const office = await seedDepartment(tx, demo.id, 'Administrasjon', '30');
    await setCompanyService(tx, demo.id, {
      departmentId: field.id,
      employeeCategoryId: categories.get(CATEGORY_OF_WORK_GROUP.service),
    });

    const people = [
      {
        username: 'admin',
        phone: '900 12 345',
        firstName: 'Anne',
        lastName: 'Admin',
        workGroup: 'admin',
        role: 'admin',
        born: '1975-11-30',
        employed: '2005-01-03',
        companyIds: [demo.id],
      },
      {
        username: SHARED_DEMO_USERNAME,
        phone: '901 23 456',
        firstName: 'Kari',
        lastName: 'Kontor',
        workGroup: 'admin',
        // Sales and project management here; she runs the second company as its administrator.
        role: 'office',
        born: '1986-05-30',
        employed: '2016-06-01',
        companyIds: [demo.id, second.id],
      },
      ...STAFF.map((person) => ({ ...person, companyIds: [demo.id] })),
    ] as const;
    // The dashboard shows birthdays and anniversaries in the next 14 days: some fall there whenever
    // the demo is created (a plain birthday, a round one, and twenty years with the company).
    const today = todayIn(ctx.clock);
    const datesOf = (person: (typeof people)[number]) => {
      switch (person.username) {
        case 'per':
          return { born: anniversaryDaysAhead(today, 2, 36), employed: person.employed };
        case 'sofie':
          return { born: anniversaryDaysAhead(today, 6, 40), employed: person.employed };
        case 'admin':
          return { born: person.born, employed: anniversaryDaysAhead(today, 9, 20) };
        default:
          return { born: person.born, employed: person.employed };
      }
    };
    let adminIds: { userId: string; employeeId: string } | null = null;
    for (const person of people) {
      const isOffice = person.workGroup === 'admin';
      const { born, employed } = datesOf(person);
      const user = await seedUser(tx, {
        companyIds: [...person.companyIds],
        role: person.role,
        roleIn: person.username === SHARED_DEMO_USERNAME ? { [second.id]: 'admin' } : undefined,
        username: person.username,
        email: `${person.username}@demo-dor-vindu.no`,
        password,
        firstName: person.firstName,
        lastName: person.lastName,
        phone: person.phone,
        userType: person.role === 'admin' ? 'admin' : 'employee',
        dateOfBirth: born,
        dateOfEmployment: employed,
        // Leaders see their own group in the planner; the office sees every group.
        profile: { plannerWorkGroups: person.workGroup === 'admin' ? [] : [person.workGroup] },
      });
      const employee = await seedEmployee(tx, demo.id, {
        firstName: person.firstName,
        lastName: person.lastName,
        displayName: `${person.firstName} ${person.lastName}`,
        email: `${person.username}@demo-dor-vindu.no`,
        phoneNumberMobile: person.phone,
        workGroup: person.workGroup,
        employeeCategoryId: categories.get(CATEGORY_OF_WORK_GROUP[person.workGroup]),
        departmentId: isOffice ? office.id : person.workGroup === 'produksjon' ? production.id : field.id,
        birthDate: born,
        employmentDate: employed,
        userId: user.id,
      });
      if (person.username === 'admin') adminIds = { userId: user.id, employeeId: employee.id };
    }
    await seedDemoBilling(tx, demo.id);
    await seedDemoCustomers(tx, demo.id);
    await seedDemoInquiries(tx, demo.id, todayIn(ctx.clock));
    for (const company of [demo, second]) await seedPriceMatrix(tx, company.id, defaultPriceMatrix());
    if (adminIds) {
      await seedDemoOffers(
        tx,
        { companyId: demo.id, userId: adminIds.userId },
        adminIds.employeeId,
        ctx.clock,
      );
      await seedDemoHelpTexts(tx, demo.id, adminIds.userId);
    }
    return { companyId: demo.id, adminUserId: adminIds?.userId };
  });
  if (seeded.adminUserId) {
    await seedDemoLogo(ctx, seeded.companyId, seeded.adminUserId);
    await seedDemoInvoicing(ctx, seeded.companyId, seeded.adminUserId);
    await seedDemoPlanning(ctx, seeded.companyId, seeded.adminUserId);
    await seedDemoPlanner(ctx, seeded.companyId, seeded.adminUserId);
    await seedDemoMessages(ctx, seeded.companyId);
    await seedDemoDashboard(ctx, seeded.companyId, seeded.adminUserId);
    await seedDemoQuality(ctx, seeded.companyId, seeded.adminUserId);
    await seedDemoChecklists(ctx, seeded.companyId, seeded.adminUserId);
    const serviceProjectId = await seedDemoServiceWork(ctx, seeded.companyId, seeded.adminUserId);
    await seedDemoServiceAgreements(ctx, seeded.companyId, seeded.adminUserId, serviceProjectId);
    await seedDemoProducts(ctx, seeded.companyId, seeded.adminUserId, serviceProjectId);
    await seedDemoSubscriptions(ctx, seeded.companyId);
  }
  ctx.logger.info({ company: DEMO_COMPANY_NAME }, 'demo data created');
  return true;
};

/**
 * The demo company's logo, stored like an administrator's upload, so the offer and work-order PDFs
 * look like a real company's documents.
 */
const seedDemoLogo = async (ctx: AppContext, companyId: string, adminUserId: string) => {
  const bytes = await readFile(new URL('./assets/demo-logo.png', import.meta.url));
  const actor = administrativeActor(companyId, adminUserId, 'demo-seed');
  const logo = await storeUpload(ctx, actor, { type: 'logo', originalName: 'demo-logo.png', bytes });
  await ctx.db.update(companies).set({ logoFileId: logo.id }).where(eq(companies.id, companyId));
};

/** The demo company's id, for tools that add to the demo installation (the journeys' users). */
export const findDemoCompanyId = async (ctx: AppContext, name = DEMO_COMPANY_NAME) => {
  const [demo] = await ctx.db.select({ id: companies.id }).from(companies).where(eq(companies.name, name));
  if (!demo) throw new Error(`${name} does not exist`);
  return demo.id;
};
