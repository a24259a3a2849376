import type { CustomerCategory } from '@karm/domain/contract';
import { completeOrganisationNumber } from '@karm/domain/rules';
import type { Executor } from '../platform/db/client';
import { seedContact, seedCustomer } from './factories';

type DemoCustomer = {
  name: string;
  /** Eight digits; the check digit is computed, so every demo number is a valid one. */
  orgBase?: string;
  category: CustomerCategory;
  address: [string, string, string];
  email: string;
  phone: string;
  contacts: [string, string, string][];
  /** A credit score naming one of the demo credit bands (demo-billing.ts). */
  creditScore?: string;
};

/** Customers a Norwegian door and window maker would have: builders, a public owner, a shop, a family. */
const DEMO_CUSTOMERS: DemoCustomer[] = [
  {
    name: 'Nordbygg Entreprenør AS',
    orgBase: '91234560',
    category: 'company',
    address: ['Industriveien 12', '2020', 'Skedsmokorset'],
    email: 'post@nordbygg.example.no',
    phone: '63 87 00 00',
    contacts: [['Jon', 'Bakken', 'jon.bakken@nordbygg.example.no']],
    creditScore: 'A',
  },
  {
    name: 'Byggmester Hansen AS',
    orgBase: '98765432',
    category: 'company',
    address: ['Verkstedveien 3', '1405', 'Langhus'],
    email: 'firmapost@hansenbygg.example.no',
    phone: '64 86 12 34',
    contacts: [['Trond', 'Hansen', 'trond@hansenbygg.example.no']],
    creditScore: 'C',
  },
  {
    name: 'Lørenskog Eiendom KF',
    orgBase: '97654321',
    category: 'project',
    address: ['Rådhusplassen 1', '1470', 'Lørenskog'],
    email: 'eiendom@lorenskog.example.no',
    phone: '67 93 40 00',
    contacts: [['Marit', 'Dahl', 'marit.dahl@lorenskog.example.no']],
  },
  {
    name: 'Jernvare Strømmen AS',
    orgBase: '99887766',
    category: 'hardwareStore',
    address: ['Strømsveien 245', '2010', 'Strømmen'],
    email: 'ordre@jernvare.example.no',
    phone: '63 80 55 55',
    contacts: [],
    creditScore: 'B',
  },
  {
    name: 'Kari og Ola Nordmann',
    category: 'private',
    address: ['Bjørkeveien 7', '1450', 'Nesoddtangen'],
    email: 'nordmann@example.no',
    phone: '915 55 123',
    contacts: [],
  },
];

const DEMO_CREDIT_SCORE_DATE = '2026-01-15';

/** The demo company's customers and contacts, kept in Karm (no accounting system is configured). */
export const seedDemoCustomers = async (db: Executor, companyId: string) => {
  let customerNumber = 10_001;
  for (const demo of DEMO_CUSTOMERS) {
    const isPrivate = demo.category === 'private';
    const [addressLine1, postalCode, city] = demo.address;
    const customer = await seedCustomer(db, companyId, {
      name: demo.name,
      customerNumber: customerNumber++,
      organizationNumber: demo.orgBase ? (completeOrganisationNumber(demo.orgBase) ?? '') : '',
      isPrivateIndividual: isPrivate,
      category: demo.category,
      email: demo.email,
      phoneNumber: demo.phone,
      postalAddress: { addressLine1, addressLine2: '', postalCode, city, countryCode: 'NO' },
      ...(demo.creditScore && {
        creditScore: demo.creditScore,
        creditScoreDate: DEMO_CREDIT_SCORE_DATE,
        creditScoreSource: 'Bisnode',
      }),
    });
    for (const [firstName, lastName, email] of demo.contacts) {
      await seedContact(db, companyId, customer.id, { firstName, lastName, email });
    }
  }
};
