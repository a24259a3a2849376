import type { ExpenseChangeResultDto, ProductPageDto, ProjectDto } from '@karm/domain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConnectedServer } from '../../test/fake-tripletex/connected-server';
import type { FakeTripletex } from '../../test/fake-tripletex/fake-tripletex';
import type { SignedInUser, TestServer } from '../../test/test-server';
import { restClient } from '../offers/offers-test-helpers';

/** A company connected to Tripletex takes its products from there (issue 19). */
let server: TestServer;
let fake: FakeTripletex;
let admin: SignedInUser;
let technician: SignedInUser;
let stop: () => Promise<void>;
let project: ProjectDto;

beforeAll(async () => {
  ({ server, fake, admin, close: stop } = await startConnectedServer());
  technician = await server.signedInUser({ role: 'technician', companyId: admin.companyId });
  project = await admin.client.request('project:create', {
    name: 'Tripletex-service',
    isService: true,
  } as never);
});
afterAll(async () => {
  await stop?.();
});

describe('products from Tripletex', () => {
  it('answers product:get and /product/service from Tripletex, mirrored for expenses to point at', async () => {
    const sensor = fake.state.seedProduct({
      name: 'Radarsensor',
      number: 'SEN-10',
      priceExcludingVat: 1_890_00,
      costExcludingVat: 1_180_00,
    });
    fake.state.seedProduct({
      name: 'Servicetime',
      number: 'T-1',
      priceExcludingVat: 950_00,
      isStockItem: false,
      productUnitId: 2,
      vatTypeId: 6,
    });
    const page = await technician.client.request('product:get', { search: 'radar' });
    expect(page).toMatchObject({ source: 'accounting', isTotalExact: true, total: 1 });
    expect(page.items[0]).toMatchObject({
      name: 'Radarsensor',
      number: 'SEN-10',
      priceOre: 1_890_00,
      costPriceOre: 1_180_00,
      vatPercent: 25,
      unit: 'stk',
      source: 'accounting',
    });
    const services = await restClient(server, technician).get<ProductPageDto>('/product/service');
    expect(services.body.items).toEqual([expect.objectContaining({ name: 'Servicetime', vatPercent: 0 })]);

    // A price changed in Tripletex reaches the mirror the next time it is read; the row stays the same.
    sensor.priceExcludingVat = 1_990_00;
    sensor.costExcludingVat = 1_240_00;
    sensor.version += 1;
    const again = await technician.client.request('product:get', { search: 'radar' });
    expect(again.items[0]).toMatchObject({
      id: page.items[0]?.id,
      priceOre: 1_990_00,
      costPriceOre: 1_240_00,
    });

    const made = await restClient(server, technician).post<ExpenseChangeResultDto>('/product/expense', {
      projectId: project.id,
      productId: page.items[0]?.id,
      quantity: 1,
      date: '2026-03-02',
    });
    expect(made.status).toBe(201);
    expect(made.body.expense).toMatchObject({ productName: 'Radarsensor', unitPriceOre: 1_990_00 });
  });

  it('keeps products read-only in Karm while Tripletex keeps them', async () => {
    const refused = await admin.client.requestError('product:add', { name: 'Egen vare', priceOre: 100 });
    expect(refused.code).toBe('VALIDATION');
  });
});
