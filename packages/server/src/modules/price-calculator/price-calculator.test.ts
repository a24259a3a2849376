import type { PriceMatrix } from '@karm/domain/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { defaultPriceMatrix } from './default-price-matrix';

let server: TestServer;
let admin: SignedInUser;
let clerk: SignedInUser;
let otherAdmin: SignedInUser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedInUser({ role: 'admin', firstName: 'Anne', lastName: 'Admin' });
  clerk = await server.signedInUser({ companyId: admin.companyId });
  otherAdmin = await server.signedInUser({ role: 'admin' });
});
afterAll(async () => {
  await server?.close();
});

const SMALL: PriceMatrix = {
  doorTypes: [{ id: 'inner', name: 'Inner door', nameNb: '', isActive: true }],
  widthRanges: [
    { id: 'w1', fromMm: 700, toMm: 900 },
    { id: 'w2', fromMm: 901, toMm: 1100 },
  ],
  heightRanges: [{ id: 'h1', fromMm: 1800, toMm: 2100 }],
  cells: [{ doorTypeId: 'inner', widthRangeId: 'w2', heightRangeId: 'h1', price: 520_000, cost: 300_000 }],
};

describe('price matrix', () => {
  it('is empty at version 0 until an admin saves one, then others see it and are told', async () => {
    expect(await admin.client.request('price-matrix:get')).toEqual({
      matrix: { doorTypes: [], widthRanges: [], heightRanges: [], cells: [] },
      version: 0,
      updatedAt: null,
      updatedBy: null,
    });
    const pushed = clerk.client.nextPush('price-matrix:changed');
    const saved = await admin.client.request('price-matrix:update', { version: 0, matrix: SMALL });
    expect(saved).toMatchObject({ matrix: SMALL, version: 1, updatedBy: { displayName: 'Anne Admin' } });
    await expect(pushed).resolves.toMatchObject({ version: 1 });
    expect(await clerk.client.request('price-matrix:get')).toEqual(saved);

    const second = await admin.client.request('price-matrix:update', {
      version: 1,
      matrix: defaultPriceMatrix(),
    });
    expect(second.version).toBe(2);
  });

  it('refuses a stale version, and a second first save, changing nothing', async () => {
    const current = await admin.client.request('price-matrix:get');
    for (const version of [current.version - 1, 0]) {
      const error = await admin.client.requestError('price-matrix:update', { version, matrix: SMALL });
      expect(error.code).toBe('CONFLICT');
    }
    expect(await admin.client.request('price-matrix:get')).toEqual(current);
  });

  it('refuses a user who is not an administrator', async () => {
    const current = await clerk.client.request('price-matrix:get');
    const error = await clerk.client.requestError('price-matrix:update', {
      version: current.version,
      matrix: SMALL,
    });
    expect(error.code).toBe('FORBIDDEN');
    expect((await clerk.client.request('price-matrix:get')).version).toBe(current.version);
  });

  it('refuses an invalid matrix with field errors at their paths', async () => {
    const current = await admin.client.request('price-matrix:get');
    const error = await admin.client.requestError('price-matrix:update', {
      version: current.version,
      matrix: {
        ...SMALL,
        widthRanges: [
          { id: 'w1', fromMm: 700, toMm: 950 },
          { id: 'w2', fromMm: 901, toMm: 1100 },
        ],
        cells: [{ doorTypeId: 'inner', widthRangeId: 'w2', heightRangeId: 'h1', price: 0, cost: -1 }],
      },
    });
    expect(error).toMatchObject({
      code: 'VALIDATION',
      details: {
        fields: {
          'matrix.widthRanges.1.fromMm': 'validation.rangesOverlap',
          'matrix.cells.0.price': 'validation.pricePositive',
          'matrix.cells.0.cost': 'validation.costPositive',
        },
      },
    });
    expect((await admin.client.request('price-matrix:get')).version).toBe(current.version);
  });

  it("keeps each company's matrix to itself", async () => {
    expect((await otherAdmin.client.request('price-matrix:get')).version).toBe(0);
    await otherAdmin.client.request('price-matrix:update', { version: 0, matrix: SMALL });
    expect((await admin.client.request('price-matrix:get')).matrix).toEqual(defaultPriceMatrix());
    expect((await otherAdmin.client.request('price-matrix:get')).matrix).toEqual(SMALL);
  });
});

describe('price-calculator:calculate', () => {
  it("prices a door from the matrix with the cell's cost, in the company's own words", async () => {
    const result = await clerk.client.request('price-calculator:calculate', {
      doorTypeId: 'inner',
      widthMm: 1000,
      heightMm: 2100,
      count: 3,
      locale: 'nb',
    });
    const cell = defaultPriceMatrix().cells.find(
      (candidate) =>
        candidate.doorTypeId === 'inner' &&
        candidate.widthRangeId === 'w-901' &&
        candidate.heightRangeId === 'h-1800',
    );
    expect(result).toEqual({
      unitPrice: 540_000,
      unitCost: cell?.cost,
      description: 'Innerdør, 1000 × 2100 mm',
      count: 3,
      total: 1_620_000,
    });
    // The other company's own matrix answers with its own price.
    const other = await otherAdmin.client.request('price-calculator:calculate', {
      doorTypeId: 'inner',
      widthMm: 1000,
      heightMm: 2100,
      count: 1,
    });
    expect(other).toMatchObject({
      unitPrice: 520_000,
      unitCost: 300_000,
      description: 'Inner door, 1000 × 2100 mm',
    });
    // The calculated line's margin is the price less the cell's cost, never the whole price.
    expect(cell?.cost).toBeGreaterThan(0);
    expect(cell?.cost).toBeLessThan(result.unitPrice);
    // Without a language the line names the door type by its (English) name.
    const english = await clerk.client.request('price-calculator:calculate', {
      doorTypeId: 'inner',
      widthMm: 1000,
      heightMm: 2100,
      count: 1,
    });
    expect(english.description).toBe('Inner door, 1000 × 2100 mm');
  });

  it('no longer prices a door type an administrator deactivated, and reads older matrices as active', async () => {
    const saved = await otherAdmin.client.request('price-matrix:get');
    // A matrix stored before door types had a Norwegian name and an active flag.
    const legacy = {
      ...saved.matrix,
      doorTypes: saved.matrix.doorTypes.map(({ id, name }) => ({ id, name })),
    };
    const migrated = await otherAdmin.client.request('price-matrix:update', {
      version: saved.version,
      matrix: legacy as never,
    });
    expect(migrated.matrix.doorTypes.every((type) => type.isActive && type.nameNb === '')).toBe(true);
    const inactive = await otherAdmin.client.request('price-matrix:update', {
      version: migrated.version,
      matrix: {
        ...migrated.matrix,
        doorTypes: migrated.matrix.doorTypes.map((type) => ({ ...type, isActive: type.id !== 'inner' })),
      },
    });
    const error = await otherAdmin.client.requestError('price-calculator:calculate', {
      doorTypeId: 'inner',
      widthMm: 1000,
      heightMm: 2100,
      count: 1,
    });
    expect(error).toMatchObject({
      code: 'VALIDATION',
      details: { fields: { doorTypeId: 'validation.doorTypeUnknown' } },
    });
    await otherAdmin.client.request('price-matrix:update', {
      version: inactive.version,
      matrix: { ...inactive.matrix, doorTypes: migrated.matrix.doorTypes },
    });
  });

  it.each([
    [{ doorTypeId: 'garage', widthMm: 1000, heightMm: 2000 }, { doorTypeId: 'validation.doorTypeUnknown' }],
    [{ doorTypeId: 'inner', widthMm: 600, heightMm: 2000 }, { widthMm: 'validation.widthOutOfRange' }],
    [{ doorTypeId: 'inner', widthMm: 1000, heightMm: 3100 }, { heightMm: 'validation.heightOutOfRange' }],
    [{ doorTypeId: 'inner', widthMm: 2000, heightMm: 2000 }, { doorTypeId: 'validation.sizeNotOffered' }],
  ])('answers %j with a coded reason', async (query, fields) => {
    const error = await clerk.client.requestError('price-calculator:calculate', { ...query, count: 1 });
    expect(error).toMatchObject({ code: 'VALIDATION', details: { fields } });
  });

  it('refuses bad input', async () => {
    for (const input of [
      { doorTypeId: 'inner', widthMm: 1000, heightMm: 2000, count: 0 },
      { doorTypeId: 'inner', widthMm: -5, heightMm: 2000, count: 1 },
      { doorTypeId: '', widthMm: 1000, heightMm: 2000, count: 1 },
      { doorTypeId: 'inner', widthMm: 1000.5, heightMm: 2000, count: 1 },
    ]) {
      expect((await clerk.client.requestError('price-calculator:calculate', input)).code).toBe('VALIDATION');
    }
  });
});
