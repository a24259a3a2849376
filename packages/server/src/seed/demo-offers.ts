import { offerCreateSchema } from '@karm/domain/contract';
import { asc, eq } from 'drizzle-orm';
import { customers } from '../modules/customers/customers.tables';
import { createOffer } from '../modules/offers/offers.service';
import type { Clock } from '../platform/clock';
import { administrativeActor } from '../platform/context';
import type { Executor } from '../platform/db/client';

/** A few offers with lines, so the offer list and its PDF have something to show. */
const DEMO_OFFERS = [
  {
    projectName: 'Lørenskog skole – nye ytterdører',
    projectAddress: 'Skolevegen 7',
    postalCode: '1470',
    city: 'Lørenskog',
    projectCategory: 'kindergartenYouthSchool',
    complexity: 'medium',
    ownerType: 'publicPropertyCompany',
    paymentPlan: [
      { description: 'Ved kontrakt', percent: 30 },
      { description: 'Ved levering', percent: 70 },
    ],
    lines: [
      { description: 'Ytterdør eik, 10x21', count: 4, unitPrice: 18_500_00, costPrice: 11_000_00 },
      { description: 'Montasje', count: 16, unitPrice: 950_00, costPrice: 600_00 },
    ],
  },
  {
    projectName: 'Kontorbygg Økern – automatdører',
    projectAddress: 'Økernveien 145',
    postalCode: '0580',
    city: 'Oslo',
    projectCategory: 'businessOffices',
    complexity: 'high',
    ownerType: 'entrepreneurMedium',
    lines: [
      {
        description: 'Skyvedørautomatikk, dobbel',
        count: 2,
        unitPrice: 64_000_00,
        discountPercent: 5,
        costPrice: 41_000_00,
      },
    ],
  },
  {
    projectName: 'Enebolig Bærum – vinduer',
    projectAddress: 'Granstubben 3',
    postalCode: '1339',
    city: 'Vøyenenga',
    projectCategory: 'residentialBuilding',
    complexity: 'low',
    ownerType: 'builderCarpenter',
    lines: [
      { description: 'Vindu 12x12, lyddempende glass', count: 9, unitPrice: 7_400_00, costPrice: 4_200_00 },
    ],
  },
] as const;

export const seedDemoOffers = async (
  tx: Executor,
  actor: { companyId: string; userId: string },
  ownerId: string | null,
  clock: Clock,
) => {
  const customerRows = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.companyId, actor.companyId))
    .orderBy(asc(customers.customerNumber))
    .limit(DEMO_OFFERS.length);
  for (const [index, demo] of DEMO_OFFERS.entries()) {
    const input = offerCreateSchema.parse({ ...demo, ownerId, customerId: customerRows[index]?.id ?? null });
    await createOffer(tx, administrativeActor(actor.companyId, actor.userId), input, clock);
  }
};
