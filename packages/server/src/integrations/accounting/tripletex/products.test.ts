import { afterEach, describe, expect, it } from 'vitest';
import { startTripletexHarness, type TripletexHarness } from '../../../test/fake-tripletex/harness';

/** Products from Tripletex's `/product` (issue 19), over real HTTP, checked against the OpenAPI document on close. */
let harness: TripletexHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('Tripletex products', () => {
  it('reads a page of products with unit, price, cost and VAT rate, filtered by name, service and activity', async () => {
    harness = await startTripletexHarness();
    const { fake, adapter, requestsTo } = harness;
    const sensor = fake.state.seedProduct({
      name: 'Radarsensor',
      number: 'SEN-10',
      priceExcludingVat: 1_890_50,
      costExcludingVat: 1_180_25,
    });
    const hour = fake.state.seedProduct({
      name: 'Servicetime',
      number: 'T-1',
      priceExcludingVat: 950_00,
      isStockItem: false,
      productUnitId: 2,
      vatTypeId: 6,
    });
    fake.state.seedProduct({ name: 'Gammel sensor', isInactive: true });

    const all = await adapter.listProducts({ from: 0, count: 10 });
    expect(all.isLast).toBe(true);
    expect(all.items).toEqual([
      {
        externalId: String(sensor.id),
        version: 0,
        number: 'SEN-10',
        name: 'Radarsensor',
        unit: 'stk',
        priceExcludingVat: 1_890_50,
        costExcludingVat: 1_180_25,
        vatPercent: 25,
        isService: false,
        isInactive: false,
      },
      expect.objectContaining({ externalId: String(hour.id), unit: 'timer', isService: true, vatPercent: 0 }),
    ]);
    const services = await adapter.listProducts({ from: 0, count: 10, isService: true });
    expect(services.items.map((product) => product.name)).toEqual(['Servicetime']);
    const searched = await adapter.listProducts({
      from: 0,
      count: 10,
      name: 'sensor',
      includeInactive: true,
    });
    expect(searched.items.map((product) => product.name)).toEqual(['Radarsensor', 'Gammel sensor']);
    const paged = await adapter.listProducts({ from: 0, count: 1 });
    expect(paged).toMatchObject({ isLast: false, items: [expect.objectContaining({ name: 'Radarsensor' })] });
    expect(requestsTo('/product').at(-1)?.query).toMatchObject({
      from: '0',
      count: '1',
      isInactive: 'false',
    });
  });
});
