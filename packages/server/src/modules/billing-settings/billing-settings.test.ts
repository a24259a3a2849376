import type { PaymentTermsDto } from '@karm/domain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCustomer } from '../../seed/factories';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { creditBandOfCustomer, effectivePaymentTerm } from '../customers/customer-billing';

let server: TestServer;
let admin: SignedInUser;
let office: SignedInUser;
let otherAdmin: SignedInUser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedInUser({ role: 'admin' });
  office = await server.signedInUser({ companyId: admin.companyId, role: 'office' });
  otherAdmin = await server.signedInUser({ role: 'admin' });
});
afterAll(async () => {
  await server?.close();
});

const termNamed = (list: PaymentTermsDto, name: string) => {
  const found = list.terms.find((term) => term.name === name);
  if (!found) throw new Error(`No payment term ${name}`);
  return found;
};
const addTerm = async (name: string, daysUntilDue: number, isDefault = false) =>
  termNamed(await admin.client.request('payment_term:add', { name, daysUntilDue, isDefault }), name);

describe('payment terms', () => {
  it('adds, renames and re-times terms with versions; one default at a time', async () => {
    const first = await addTerm('10 dager', 10, true);
    expect(first).toMatchObject({ daysUntilDue: 10, isActive: true, isDefault: true, usage: 0, version: 1 });
    const second = await addTerm('20 dager', 20, true);
    expect(second.isDefault).toBe(true);
    const list = await admin.client.request('payment_term:list');
    expect(termNamed(list, '10 dager')).toMatchObject({ isDefault: false, version: 2 });

    const renamed = termNamed(
      await admin.client.request('payment_term:upd', {
        id: second.id,
        version: second.version,
        values: { name: '21 dager', daysUntilDue: 21 },
      }),
      '21 dager',
    );
    expect(renamed).toMatchObject({ daysUntilDue: 21, version: 2 });
    const stale = await admin.client.requestError('payment_term:upd', {
      id: second.id,
      version: second.version,
      values: { daysUntilDue: 22 },
    });
    expect(stale.code).toBe('CONFLICT');
    // Everyone who sees customers reads the terms.
    expect(termNamed(await office.client.request('payment_term:list'), '21 dager').daysUntilDue).toBe(21);
  });

  it('refuses a name twice (any case), days outside 0–365, empty, too long and NUL names', async () => {
    await addTerm('Kontant', 0);
    for (const input of [
      { name: 'kontant', daysUntilDue: 5 },
      { name: 'Ny', daysUntilDue: -1 },
      { name: 'Ny', daysUntilDue: 366 },
      { name: 'Ny', daysUntilDue: 1.5 },
      { name: '  ', daysUntilDue: 5 },
      { name: 'x'.repeat(101), daysUntilDue: 5 },
      { name: 'Null\u0000', daysUntilDue: 5 },
    ]) {
      const error = await admin.client.requestError('payment_term:add', input);
      expect(error.code, JSON.stringify(input)).toBe('VALIDATION');
    }
    const names = (await admin.client.request('payment_term:list')).terms.map((term) => term.name);
    expect(names.filter((name) => name.toLowerCase() === 'kontant')).toHaveLength(1);
  });

  it('resolves a customer’s term: its own, its category’s, the company’s, then the invoice settings’ days', async () => {
    const own = await addTerm('45 dager', 45);
    const shop = await addTerm('60 dager', 60);
    await admin.client.request('payment_term:category', {
      categoryKey: 'hardwareStore',
      paymentTermId: shop.id,
    });
    const customer = await seedCustomer(server.ctx.db, admin.companyId, { category: 'hardwareStore' });
    expect(await effectivePaymentTerm(server.ctx.db, admin.companyId, customer.id)).toMatchObject({
      paymentTermId: shop.id,
      daysUntilDue: 60,
      source: 'category',
    });
    const updated = await admin.client.request('customer:update', {
      id: customer.id,
      version: customer.version,
      changes: { paymentTermId: own.id },
    });
    expect(updated.paymentTerm).toEqual({
      paymentTermId: own.id,
      name: '45 dager',
      daysUntilDue: 45,
      source: 'customer',
    });
    await admin.client.request('payment_term:category', {
      categoryKey: 'hardwareStore',
      paymentTermId: null,
    });
    const cleared = await admin.client.request('customer:update', {
      id: customer.id,
      version: updated.version,
      changes: { paymentTermId: null },
    });
    expect(cleared.paymentTerm).toMatchObject({ name: '21 dager', source: 'company' });

    const bare = await server.signedInUser({ role: 'admin' });
    const lone = await seedCustomer(server.ctx.db, bare.companyId);
    expect(await effectivePaymentTerm(server.ctx.db, bare.companyId, lone.id)).toEqual({
      paymentTermId: null,
      name: '',
      daysUntilDue: 14,
      source: 'invoiceSettings',
    });
    await expect(
      effectivePaymentTerm(server.ctx.db, otherAdmin.companyId, customer.id),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('keeps a term in use: deleting it is refused with the usage, deactivating works', async () => {
    const used = await addTerm('90 dager', 90);
    await admin.client.request('payment_term:category', { categoryKey: 'special', paymentTermId: used.id });
    await seedCustomer(server.ctx.db, admin.companyId, { paymentTermId: used.id });
    const listed = termNamed(await admin.client.request('payment_term:list'), '90 dager');
    expect(listed.usage).toBe(2);
    const error = await admin.client.requestError('payment_term:del', {
      id: used.id,
      version: listed.version,
    });
    expect(error).toMatchObject({ code: 'CONFLICT', details: { reason: 'valueInUse', usage: 2 } });
    const deactivated = termNamed(
      await admin.client.request('payment_term:upd', {
        id: used.id,
        version: listed.version,
        values: { isActive: false },
      }),
      '90 dager',
    );
    expect(deactivated.isActive).toBe(false);
    // A deactivated term can no longer be chosen.
    const refused = await admin.client.requestError('payment_term:category', {
      categoryKey: 'company',
      paymentTermId: used.id,
    });
    expect(refused.code).toBe('VALIDATION');

    const unused = await addTerm('Slettes', 3);
    const after = await admin.client.request('payment_term:del', { id: unused.id, version: unused.version });
    expect(after.terms.map((term) => term.name)).not.toContain('Slettes');
  });

  it('refuses an unknown customer category and a customer term of another company', async () => {
    const mine = await addTerm('7 dager', 7);
    const unknown = await admin.client.requestError('payment_term:category', {
      categoryKey: 'noSuchCategory',
      paymentTermId: mine.id,
    });
    expect(unknown.code).toBe('VALIDATION');
    const theirs = await seedCustomer(server.ctx.db, otherAdmin.companyId);
    const error = await otherAdmin.client.requestError('customer:update', {
      id: theirs.id,
      version: theirs.version,
      changes: { paymentTermId: mine.id },
    });
    expect(error).toMatchObject({
      code: 'VALIDATION',
      details: { fields: { paymentTermId: expect.any(String) } },
    });
  });
});

describe('credit bands', () => {
  it('adds, edits and orders bands; a code is unique without case', async () => {
    const add = (code: string, minPrepaymentBasisPoints: number, requiresAdminApproval = false) =>
      admin.client.request('credit_band:add', {
        code,
        name: `Band ${code}`,
        minPrepaymentBasisPoints,
        requiresAdminApproval,
      });
    await add('A', 0);
    await add('B', 2000);
    const bands = await add('E', 10_000, true);
    expect(bands.map((band) => [band.code, band.position])).toEqual([
      ['A', 0],
      ['B', 1],
      ['E', 2],
    ]);
    const taken = await admin.client.requestError('credit_band:add', {
      code: 'b',
      minPrepaymentBasisPoints: 0,
    });
    expect(taken).toMatchObject({
      code: 'VALIDATION',
      details: { fields: { code: 'validation.duplicateCode' } },
    });
    const e = bands.find((band) => band.code === 'E')!;
    const moved = await admin.client.request('credit_band:upd', {
      id: e.id,
      version: e.version,
      values: { position: 0, minPrepaymentBasisPoints: 9000 },
    });
    expect(moved.map((band) => band.code)).toEqual(['E', 'A', 'B']);
    expect(moved[0]).toMatchObject({ minPrepaymentBasisPoints: 9000, version: 2 });
    const stale = await admin.client.requestError('credit_band:upd', {
      id: e.id,
      version: 1,
      values: { name: 'x' },
    });
    expect(stale.code).toBe('CONFLICT');
    // Sales people read the bands (customer page, inquiry dialog).
    expect((await office.client.request('credit_band:list')).map((band) => band.code)).toEqual([
      'E',
      'A',
      'B',
    ]);
  });

  it('refuses codes that are empty, too long or carry NUL, and shares over 100 %', async () => {
    for (const input of [
      { code: ' ', minPrepaymentBasisPoints: 0 },
      { code: 'ABCDEFGHIJK', minPrepaymentBasisPoints: 0 },
      { code: 'N\u0000', minPrepaymentBasisPoints: 0 },
      { code: 'Z', minPrepaymentBasisPoints: 10_001 },
      { code: 'Z', minPrepaymentBasisPoints: -1 },
      { code: 'Z', minPrepaymentBasisPoints: 0, name: 'x'.repeat(101) },
    ]) {
      const error = await admin.client.requestError('credit_band:add', input);
      expect(error.code, JSON.stringify(input)).toBe('VALIDATION');
    }
  });

  it("names a customer's band by its credit score, case-insensitive", async () => {
    const scored = await seedCustomer(server.ctx.db, admin.companyId, {
      creditScore: 'b',
      creditScoreDate: '2026-01-01',
      creditScoreSource: 'Bisnode',
    });
    expect(await creditBandOfCustomer(server.ctx.db, admin.companyId, scored.id)).toMatchObject({
      code: 'B',
      minPrepaymentBasisPoints: 2000,
    });
    const unscored = await seedCustomer(server.ctx.db, admin.companyId);
    expect(await creditBandOfCustomer(server.ctx.db, admin.companyId, unscored.id)).toBeNull();
  });

  it('deletes a band and closes the gap in the order', async () => {
    const list = await admin.client.request('credit_band:list');
    const a = list.find((band) => band.code === 'A')!;
    const after = await admin.client.request('credit_band:del', { id: a.id, version: a.version });
    expect(after.map((band) => [band.code, band.position])).toEqual([
      ['E', 0],
      ['B', 1],
    ]);
  });
});

describe('invoice settings', () => {
  it('starts from the defaults, saves with versions and refuses a stale save', async () => {
    expect(await admin.client.request('invoice_settings:get')).toEqual({
      defaultDueDays: 14,
      sendMethod: 'EMAIL',
      invoiceText: '',
      version: 0,
    });
    const saved = await admin.client.request('invoice_settings:upd', {
      version: 0,
      values: {
        defaultDueDays: 20,
        sendMethod: 'EHF',
        invoiceText: 'Takk for handelen!\nKID brukes ved betaling.',
      },
    });
    expect(saved).toMatchObject({ defaultDueDays: 20, sendMethod: 'EHF', version: 1 });
    const again = await admin.client.request('invoice_settings:upd', {
      version: 1,
      values: { sendMethod: 'PAPER' },
    });
    expect(again).toMatchObject({ defaultDueDays: 20, sendMethod: 'PAPER', version: 2 });
    for (const version of [0, 1]) {
      const stale = await admin.client.requestError('invoice_settings:upd', {
        version,
        values: { defaultDueDays: 1 },
      });
      expect(stale.code).toBe('CONFLICT');
    }
    expect((await office.client.request('invoice_settings:get')).version).toBe(2);
    expect((await otherAdmin.client.request('invoice_settings:get')).version).toBe(0);
  });

  it('refuses a text over 1000 characters or with NUL, an unknown send method and days over 365', async () => {
    for (const values of [
      { invoiceText: 'x'.repeat(1001) },
      { invoiceText: 'Null\u0000' },
      { sendMethod: 'FAX' },
      { defaultDueDays: 366 },
      {},
    ]) {
      const error = await admin.client.requestError('invoice_settings:upd', { version: 2, values } as never);
      expect(error.code, JSON.stringify(values)).toBe('VALIDATION');
    }
    expect((await admin.client.request('invoice_settings:get')).version).toBe(2);
  });
});

describe('who may change billing settings', () => {
  it('refuses members without the permission before looking at the input', async () => {
    for (const [event, input] of [
      ['payment_term:add', { name: '' }],
      ['payment_term:upd', { id: 'not-a-uuid', version: 1, values: {} }],
      ['payment_term:del', { id: crypto.randomUUID(), version: 1 }],
      ['payment_term:category', { categoryKey: '', paymentTermId: null }],
      ['credit_band:add', { code: '' }],
      ['credit_band:upd', { id: 'x' }],
      ['credit_band:del', { id: 'x' }],
      ['invoice_settings:upd', { version: -1, values: {} }],
    ] as const) {
      const error = await office.client.requestError(event, input as never);
      expect(error.code, event).toBe('FORBIDDEN');
    }
  });

  it("keeps companies apart: another company's term or band is not found and not listed", async () => {
    const term = await addTerm('Kun vår', 12);
    const [band] = await admin.client.request('credit_band:list');
    expect((await otherAdmin.client.request('payment_term:list')).terms).toEqual([]);
    expect(await otherAdmin.client.request('credit_band:list')).toEqual([]);
    for (const [event, input] of [
      ['payment_term:upd', { id: term.id, version: term.version, values: { name: 'Stjålet' } }],
      ['payment_term:del', { id: term.id, version: term.version }],
      ['credit_band:upd', { id: band!.id, version: band!.version, values: { name: 'Stjålet' } }],
      ['credit_band:del', { id: band!.id, version: band!.version }],
    ] as const) {
      const error = await otherAdmin.client.requestError(event, input as never);
      expect(error.code, event).toBe('NOT_FOUND');
    }
    const theirs = await otherAdmin.client.requestError('payment_term:category', {
      categoryKey: 'company',
      paymentTermId: term.id,
    });
    expect(theirs.code).toBe('VALIDATION');
    expect(termNamed(await admin.client.request('payment_term:list'), 'Kun vår').version).toBe(1);
  });
});
