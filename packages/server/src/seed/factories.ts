import type { MembershipRole, UserProfile } from '@karm/domain/contract';
import { memberships, users } from '../modules/auth/auth.tables';
import { createCompany } from '../modules/company/company.service';
import { contacts, customers } from '../modules/customers/customers.tables';
import { departments, employeeCategories, employees } from '../modules/employees/employees.tables';
import { FIRST_INQUIRY_NUMBER } from '../modules/inquiries/inquiries.service';
import { inquiries } from '../modules/inquiries/inquiries.tables';
import { hashPassword } from '../platform/auth/passwords';
import type { Executor } from '../platform/db/client';
import { takeNextNumber } from '../platform/db/number-sequences';
import { newId } from '../platform/ids';

/**
 * Factories that build realistic records with unique values. The demo company and every test use
 * them, so what tests prove is what a new installation shows.
 */

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}${newId().slice(-4)}`;

export const DEFAULT_TEST_PASSWORD = 'correct horse battery';

let companyNr = 0;
export const seedCompany = async (
  db: Executor,
  overrides: {
    name?: string;
    nr?: number;
    organisationNumber?: string;
    requireTwoFactorForAdmins?: boolean;
  } = {},
) =>
  createCompany(db, {
    name: overrides.name ?? `Test Company ${unique()}`,
    // Test companies take large numbers so they never meet a real company's nr.
    nr: overrides.nr ?? 100_000 + Math.floor(Math.random() * 1_000_000_000) + companyNr++,
    organisationNumber: overrides.organisationNumber ?? null,
    requireTwoFactorForAdmins: overrides.requireTwoFactorForAdmins ?? false,
  });

export type SeedUserOptions = {
  companyIds: string[];
  /** The role in each company (default office: sales and project management). */
  role?: MembershipRole;
  /** A different role in some of the companies, by company id. */
  roleIn?: Record<string, MembershipRole>;
  username?: string;
  email?: string | null;
  password?: string;
  /** A hash made beforehand (the test servers' users share one cheap hash); otherwise `password` is hashed. */
  passwordHash?: string;
  firstName?: string;
  lastName?: string;
  userType?: string;
  phone?: string;
  dateOfBirth?: string;
  dateOfEmployment?: string;
  profile?: UserProfile;
};

export const seedUser = async (db: Executor, options: SeedUserOptions) => {
  const id = unique();
  const username = options.username ?? `user-${id}`;
  const [user] = await db
    .insert(users)
    .values({
      username,
      email: options.email === undefined ? `${username}@example.test` : options.email,
      // Every user gets their own salt, as real users do: a shared hash would tell whoever reads the
      // table that the users have the same password. Seeding waits for the pool rather than being refused.
      passwordHash:
        options.passwordHash ??
        (await hashPassword(options.password ?? DEFAULT_TEST_PASSWORD, { waitWhenBusy: true })),
      firstName: options.firstName ?? 'Test',
      lastName: options.lastName ?? `User ${id}`,
      userType: options.userType ?? 'user',
      phone: options.phone ?? null,
      dateOfBirth: options.dateOfBirth ?? null,
      dateOfEmployment: options.dateOfEmployment ?? null,
      profile: options.profile ?? {},
    })
    .returning();
  if (!user) throw new Error('User insert returned nothing');
  for (const companyId of options.companyIds) {
    const role = options.roleIn?.[companyId] ?? options.role ?? 'office';
    await db.insert(memberships).values({ userId: user.id, companyId, role });
  }
  return user;
};

export const seedCustomer = async (
  db: Executor,
  companyId: string,
  overrides: Partial<typeof customers.$inferInsert> = {},
) => {
  const id = unique();
  const [row] = await db
    .insert(customers)
    .values({
      companyId,
      source: 'local',
      customerNumber: 20_000 + sequence++,
      name: `Kunde ${id} AS`,
      organizationNumber: '',
      postalAddress: {
        addressLine1: 'Storgata 1',
        addressLine2: '',
        postalCode: '0155',
        city: 'Oslo',
        countryCode: 'NO',
      },
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('Customer insert returned nothing');
  return row;
};

export const seedContact = async (
  db: Executor,
  companyId: string,
  customerId: string,
  overrides: Partial<typeof contacts.$inferInsert> = {},
) => {
  const [row] = await db
    .insert(contacts)
    .values({ companyId, customerId, firstName: 'Kontakt', lastName: unique(), ...overrides })
    .returning();
  if (!row) throw new Error('Contact insert returned nothing');
  return row;
};

export const seedEmployeeCategory = async (db: Executor, companyId: string, name: string) => {
  const [row] = await db.insert(employeeCategories).values({ companyId, name }).returning();
  if (!row) throw new Error('Category insert returned nothing');
  return row;
};

export const seedDepartment = async (
  db: Executor,
  companyId: string,
  name: string,
  departmentNumber = '',
) => {
  const [row] = await db.insert(departments).values({ companyId, name, departmentNumber }).returning();
  if (!row) throw new Error('Department insert returned nothing');
  return row;
};

export const seedEmployee = async (
  db: Executor,
  companyId: string,
  overrides: Partial<typeof employees.$inferInsert> = {},
) => {
  const id = unique();
  const [row] = await db
    .insert(employees)
    .values({ companyId, firstName: 'Ansatt', lastName: id, ...overrides })
    .returning();
  if (!row) throw new Error('Employee insert returned nothing');
  return row;
};

export const seedInquiry = async (
  db: Executor,
  companyId: string,
  overrides: Partial<typeof inquiries.$inferInsert> = {},
) => {
  const number = await takeNextNumber(db, companyId, 'inquiry', FIRST_INQUIRY_NUMBER);
  const [row] = await db
    .insert(inquiries)
    .values({
      companyId,
      number,
      receivedDate: '2026-01-05',
      projectName: `Forespørsel ${unique()}`,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('Inquiry insert returned nothing');
  return row;
};
