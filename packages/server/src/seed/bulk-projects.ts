import { addDays } from '@karm/domain/rules';
import { sql } from 'drizzle-orm';
import { customers } from '../modules/customers/customers.tables';
import { employees } from '../modules/employees/employees.tables';
import { projects } from '../modules/projects/projects.tables';
import type { AppContext } from '../platform/context';
import { takeNextNumber } from '../platform/db/number-sequences';
import { seedCustomer, seedEmployee } from './factories';

/** A small seeded generator (mulberry32): the same seed gives the same data on every machine. */
const createRandom = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
};

const PLACES = [
  'Oslo',
  'Lillestrøm',
  'Drammen',
  'Asker',
  'Bærum',
  'Lørenskog',
  'Ski',
  'Moss',
  'Hamar',
  'Jessheim',
];
const KINDS = [
  'Skole',
  'Barnehage',
  'Idrettshall',
  'Kontorbygg',
  'Boligblokk',
  'Næringsbygg',
  'Sykehjem',
  'Butikk',
];
/** Place names built from common parts ("Lindheim", "Østberg"), so a specific search finds a few projects. */
const AREA_STARTS = [
  'Lind',
  'Øst',
  'Vest',
  'Bjørke',
  'Fjell',
  'Holm',
  'Eike',
  'Furu',
  'Rosen',
  'Solli',
  'Berg',
  'Haug',
  'Lunde',
  'Stein',
  'Myr',
  'Dal',
  'Nord',
  'Sør',
  'Bakke',
  'Skog',
];
const AREA_ENDS = [
  'heim',
  'berg',
  'haugen',
  'vollen',
  'lia',
  'åsen',
  'tun',
  'jordet',
  'gården',
  'stua',
  'vika',
  'moen',
  'dalen',
  'sletta',
  'bråten',
];
const BATCH = 1_000;

/**
 * `npm run seed -- --projects N`: adds N realistic projects to a company, with customers and
 * project managers to match, deterministically (seed 42). Used by the project-list benchmark.
 */
export const seedBulkProjects = async (ctx: AppContext, companyId: string, count: number, seed = 42) => {
  const random = createRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;

  const existingCustomers = await ctx.db
    .select({ id: customers.id })
    .from(customers)
    .where(sql`${customers.companyId} = ${companyId}`);
  const customerIds = existingCustomers.map((row) => row.id);
  for (let index = customerIds.length; index < 2_000; index++) {
    customerIds.push(
      (await seedCustomer(ctx.db, companyId, { name: `${pick(KINDS)}bygg ${pick(PLACES)} ${index} AS` })).id,
    );
  }
  const existingManagers = await ctx.db
    .select({ id: employees.id })
    .from(employees)
    .where(sql`${employees.companyId} = ${companyId}`);
  const managerIds = existingManagers.map((row) => row.id);
  for (let index = managerIds.length; index < 30; index++) {
    managerIds.push(
      (await seedEmployee(ctx.db, companyId, { firstName: 'Prosjektleder', lastName: String(index) })).id,
    );
  }

  for (let done = 0; done < count; done += BATCH) {
    const size = Math.min(BATCH, count - done);
    const first = await takeNextNumber(ctx.db, companyId, 'project', 1_001);
    // The sequence hands out one number per call; reserve the rest of the batch in one step.
    await ctx.db.execute(
      sql`update number_sequences set last_value = last_value + ${size - 1} where company_id = ${companyId} and kind = 'project'`,
    );
    const rows = Array.from({ length: size }, (_, offset) => {
      const start = addDays('2019-01-07', Math.floor(random() * 2_900));
      const delivery = addDays(start, 21 + Math.floor(random() * 180));
      const roll = random();
      const state = roll < 0.55 ? 'active' : roll < 0.9 ? 'completed' : 'archived';
      return {
        companyId,
        number: first + offset,
        name: `${pick(KINDS)} ${pick(AREA_STARTS)}${pick(AREA_ENDS)} ${first + offset}`,
        state: state as 'active' | 'completed' | 'archived',
        customerId: pick(customerIds),
        projectManagerId: pick(managerIds),
        startDate: start,
        deliveryDate: delivery,
        endDate: state === 'active' ? null : addDays(delivery, Math.floor(random() * 30)),
        isClosed: state !== 'active',
        isService: random() < 0.1,
        projectAddress: `${pick(['Storgata', 'Kirkeveien', 'Industriveien', 'Skolegata'])} ${1 + Math.floor(random() * 120)}`,
        projectCity: pick(PLACES),
        projectValue: Math.floor(random() * 5_000_000) * 100,
      };
    });
    await ctx.db.insert(projects).values(rows);
  }
};
