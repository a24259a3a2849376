import { addDays } from '@karm/domain/rules';
import { asc, eq } from 'drizzle-orm';
import { customers } from '../modules/customers/customers.tables';
import { employees } from '../modules/employees/employees.tables';
import type { Executor } from '../platform/db/client';
import { seedInquiry } from './factories';

/** A few open inquiries around today — overdue, due soon, later — so "Inquiry management" is not empty. */
export const seedDemoInquiries = async (db: Executor, companyId: string, today: string) => {
  const staff = await db
    .select({ id: employees.id })
    .from(employees)
    .where(eq(employees.companyId, companyId))
    .orderBy(asc(employees.firstName));
  const known = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.companyId, companyId))
    .orderBy(asc(customers.customerNumber))
    .limit(3);
  const owner = (index: number) => staff[index % Math.max(staff.length, 1)]?.id ?? null;
  const customer = (index: number) => known[index]?.id ?? null;
  await seedInquiry(db, companyId, {
    receivedDate: addDays(today, -20),
    deadline: addDays(today, -2),
    ownerId: owner(0),
    projectName: 'Lørenskog barnehage, nye ytterdører',
    projectAddress: 'Skolevegen 12',
    postalCode: '1470',
    city: 'Lørenskog',
    projectCategory: 'kindergarten',
    complexity: 'medium',
    customerCategory: 'project',
    ownerType: 'publicPropertyCompany',
    projectOwner: 'Lørenskog kommune',
    architect: 'Arkitektkontoret Vest AS',
    customerId: customer(0),
  });
  await seedInquiry(db, companyId, {
    receivedDate: addDays(today, -7),
    deadline: addDays(today, 3),
    ownerId: owner(1),
    projectName: 'Kontorbygg Storgata, automatiske skyvedører',
    projectAddress: 'Storgata 40',
    postalCode: '0182',
    city: 'Oslo',
    projectCategory: 'businessOffices',
    calculationGroup: 'Automatikk',
    complexity: 'high',
    customerCategory: 'company',
    ownerType: 'privatePropertyCompany',
    consultant: 'Rådgivende Ingeniører AS',
    customerId: customer(1),
  });
  await seedInquiry(db, companyId, {
    receivedDate: addDays(today, -1),
    deadline: addDays(today, 21),
    ownerId: owner(2),
    projectName: 'Enebolig Hansen, vinduer',
    projectAddress: 'Bjørkeveien 7',
    postalCode: '1405',
    city: 'Langhus',
    projectCategory: 'residentialBuilding',
    complexity: 'low',
    customerCategory: 'private',
    ownerType: 'builderCarpenter',
    oneTimeCustomer: {
      name: 'Trond Hansen',
      email: 'trond.hansen@example.no',
      phone: '90011223',
      address: 'Bjørkeveien 7, 1405 Langhus',
    },
    creditScore: 'A',
  });
};
