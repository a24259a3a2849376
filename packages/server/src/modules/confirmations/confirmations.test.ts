import type {
  ConfirmationDto,
  ErrorPayload,
  OfferConversionDto,
  OfferDetailDto,
  OfferDto,
  PaymentRuleInput,
  PaymentRuleTemplateDto,
} from '@karm/domain/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { derivedId } from '../../platform/db/derived-ids';
import { newId } from '../../platform/ids';
import { seedContact, seedCustomer } from '../../seed/factories';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { conversionSteps } from '../offers/offer-conversion';
import { restClient } from '../offers/offers-test-helpers';
import { confirmationPaymentRules, confirmations, paymentRuleTemplates } from './confirmations.tables';

let server: TestServer;
let alice: SignedInUser;
let mallory: SignedInUser;
let api: ReturnType<typeof restClient>;
let intruder: ReturnType<typeof restClient>;
let customerId: string;
let contactId: string;
let malloryCustomerId: string;

const TODAY = '2026-03-02';

beforeAll(async () => {
  server = await startTestServer();
  server.clock.set(new Date(`${TODAY}T09:00:00Z`));
  alice = await server.signedInUser({ role: 'office' });
  mallory = await server.signedInUser({ role: 'admin' });
  api = restClient(server, alice);
  intruder = restClient(server, mallory);
  customerId = (await seedCustomer(server.ctx.db, alice.companyId, { name: 'Bjørnstad Bygg AS' })).id;
  contactId = (await seedContact(server.ctx.db, alice.companyId, customerId, { firstName: 'Kåre' })).id;
  malloryCustomerId = (await seedCustomer(server.ctx.db, mallory.companyId, { name: 'Mallory AS' })).id;
});
afterAll(async () => {
  await server?.close();
});

/** A column of the company's default process grid (PID9 delivered and PID10 installed carry the invoice flag). */
const columnOf = (companyId: string, key: string) => derivedId('process-column', companyId, key);

const percent = (basisPoints: number, due: PaymentRuleInput['due'] = { kind: 'onOrder' }) => ({
  description: `${basisPoints / 100} %`,
  share: { type: 'percent' as const, basisPoints },
  due,
});
const THIRDS = [percent(3333), percent(3333), percent(3334)];

/** An offer whose lines come to 1 000,00 kr ex. VAT: 1 250,00 kr with VAT. */
const createOffer = async (client = api, fields: Record<string, unknown> = {}) => {
  const { status, body } = await client.post<OfferDto>('/offers', {
    projectName: 'Skole Lørenskog',
    customerId,
    contactId,
    lines: [
      { description: 'Ytterdør', count: 2, unitPrice: 500_00, discountPercent: 20, costPrice: 200_00 },
      { description: 'Montasje', count: 1, unitPrice: 200_00 },
    ],
    ...fields,
  });
  expect(status).toBe(200);
  return body;
};

const confirm = (body: Record<string, unknown>, client = api) =>
  client.post<ConfirmationDto & ErrorPayload>('/confirmations', {
    requestId: newId(),
    entityType: 'offer',
    paymentRules: THIRDS,
    ...body,
  });

const confirmOk = async (body: Record<string, unknown>, client = api) => {
  const answer = await confirm(body, client);
  expect(answer.body).toMatchObject({ id: expect.any(String) });
  expect(answer.status).toBe(200);
  return answer.body;
};

const confirmationCount = async (companyId: string) =>
  (await server.ctx.db.select().from(confirmations).where(eq(confirmations.companyId, companyId))).length;

describe('payment rule templates', () => {
  it('answers the default plans in the document language, 30/60/10 due on the last invoice column', async () => {
    const { status, body } = await api.get<PaymentRuleTemplateDto[]>('/confirmations/payment_rules');
    expect(status).toBe(200);
    expect(body.map((template) => template.name)).toEqual(['100 % ved ordre', '30 / 60 / 10', '50 / 50']);
    expect(body[1]?.paymentRules).toEqual([
      { description: 'Ved ordre', share: { type: 'percent', basisPoints: 3000 }, due: { kind: 'onOrder' } },
      {
        description: 'Ved levering',
        share: { type: 'percent', basisPoints: 6000 },
        due: { kind: 'atDelivery' },
      },
      {
        description: 'Ved ferdig montasje',
        share: { type: 'percent', basisPoints: 1000 },
        due: { kind: 'processColumnCompleted', columnId: columnOf(alice.companyId, 'PID10') },
      },
    ]);
    // Every company has its own.
    const theirs = (await intruder.get<PaymentRuleTemplateDto[]>('/confirmations/payment_rules')).body;
    expect(theirs.map((template) => template.id)).not.toContain(body[0]?.id);
  });

  it('answers the stored plans once a company has its own', async () => {
    const company = await server.signedInUser({ role: 'office' });
    await server.ctx.db.insert(paymentRuleTemplates).values({
      companyId: company.companyId,
      name: 'Alt ved levering',
      paymentRules: [
        {
          description: 'Levering',
          share: { type: 'percent', basisPoints: 10_000 },
          due: { kind: 'atDelivery' },
        },
      ],
    });
    const { body } = await restClient(server, company).get<PaymentRuleTemplateDto[]>(
      '/confirmations/payment_rules',
    );
    expect(body.map((template) => template.name)).toEqual(['Alt ved levering']);
  });

  it('a template can be confirmed as it is', async () => {
    const offer = await createOffer();
    const [, template] = (await api.get<PaymentRuleTemplateDto[]>('/confirmations/payment_rules')).body;
    const created = await confirmOk({ entityId: offer.id, paymentRules: template?.paymentRules });
    expect(created.paymentRules.map((rule) => rule.amount)).toEqual([375_00, 750_00, 125_00]);
  });
});

describe('creating a confirmation', () => {
  it('snapshots the lines and totals in øre and splits 1/3 with the remainder on the last part', async () => {
    const offer = await createOffer();
    const created = await confirmOk({ entityId: offer.id, terms: 'Gyldig i 30 dager. Netto 14 dager.' });
    expect(created).toMatchObject({
      entityType: 'offer',
      entityId: offer.id,
      offerId: offer.id,
      date: TODAY,
      customerId,
      customerName: 'Bjørnstad Bygg AS',
      contactId,
      // 2 × 500 less 20 % = 800; + 200 = 1 000,00; VAT 25 % = 250,00.
      totalExVat: 1_000_00,
      vat: 250_00,
      total: 1_250_00,
      terms: 'Gyldig i 30 dager. Netto 14 dager.',
      isInvoiced: false,
      version: 1,
      createdBy: alice.userId,
    });
    expect(created.lines).toEqual([
      {
        description: 'Ytterdør',
        count: 2,
        unitPrice: 500_00,
        discountPercent: 20,
        salesPrice: 800_00,
        vatPercent: 25,
      },
      {
        description: 'Montasje',
        count: 1,
        unitPrice: 200_00,
        discountPercent: 0,
        salesPrice: 200_00,
        vatPercent: 25,
      },
    ]);
    // 33.33 % of 1 250,00 = 416,625 → 416,62 twice; the last takes 416,76.
    expect(created.paymentRules.map((rule) => rule.amount)).toEqual([416_62, 416_62, 416_76]);
    expect(created.paymentRules.reduce((sum, rule) => sum + rule.amount, 0)).toBe(created.total);
    expect(created.paymentRules.every((rule) => rule.invoiceId === null)).toBe(true);

    expect((await api.get<ConfirmationDto[]>(`/confirmations/offer/${offer.id}`)).body).toEqual([created]);
    expect((await api.get<ConfirmationDto[]>(`/confirmations/entity-id/${offer.id}`)).body).toEqual([
      created,
    ]);
    expect((await api.get<OfferDetailDto>(`/offers/${offer.id}`)).body.offer.confirmationCount).toBe(1);
  });

  it('splits 1/3 of an odd total and a discounted line with VAT exactly', async () => {
    const offer = await createOffer(api, {
      lines: [{ description: 'Skyvedør', count: 3, unitPrice: 333_33, discountPercent: 12.5, costPrice: 0 }],
    });
    const created = await confirmOk({ entityId: offer.id });
    // 3 × 333,33 less 12.5 % = 874,99125 → 874,99; VAT 218,7475 → 218,75; total 1 093,74.
    expect([created.totalExVat, created.vat, created.total]).toEqual([874_99, 218_75, 1_093_74]);
    expect(created.paymentRules.map((rule) => rule.amount)).toEqual([364_54, 364_54, 364_66]);
  });

  it('takes fixed parts first and stores every kind of due rule', async () => {
    const offer = await createOffer();
    const created = await confirmOk({
      entityId: offer.id,
      paymentRules: [
        { description: 'Forskudd', share: { type: 'fixed', amount: 250_00 }, due: { kind: 'onOrder' } },
        percent(5000, { kind: 'onDate', date: '2026-04-01' }),
        percent(2500, { kind: 'atDelivery' }),
        percent(2500, { kind: 'processColumnCompleted', columnId: columnOf(alice.companyId, 'PID10') }),
      ],
    });
    expect(created.paymentRules.map((rule) => [rule.amount, rule.due])).toEqual([
      [250_00, { kind: 'onOrder' }],
      [500_00, { kind: 'onDate', date: '2026-04-01' }],
      [250_00, { kind: 'atDelivery' }],
      [250_00, { kind: 'processColumnCompleted', columnId: columnOf(alice.companyId, 'PID10') }],
    ]);
  });

  it('numbers confirmations per company without gaps or doubles under parallel creates', async () => {
    const offer = await createOffer();
    const created = await Promise.all(Array.from({ length: 8 }, () => confirmOk({ entityId: offer.id })));
    const numbers = created.map((confirmation) => confirmation.number).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(8);
    expect((numbers.at(-1) ?? 0) - (numbers[0] ?? 0)).toBe(7);
  });

  it('takes a one-time customer’s name from the offer', async () => {
    const offer = await createOffer(api, {
      customerId: null,
      contactId: null,
      oneTimeCustomer: { name: 'Åse Privat', address: 'Gata 1', email: '', phone: '' },
    });
    const created = await confirmOk({ entityId: offer.id });
    expect(created).toMatchObject({ customerId: null, customerName: 'Åse Privat', contactId: null });
  });
});

describe('realtime', () => {
  it('pushes confirmation:changed to the company, never to another', async () => {
    const offer = await createOffer();
    const watcher = await server.signedInUser({ companyId: alice.companyId });
    let leaked = false;
    mallory.client.socket.once('confirmation:changed', () => {
      leaked = true;
    });
    const created = watcher.client.nextPush('confirmation:changed');
    const confirmation = await confirmOk({ entityId: offer.id });
    expect(((await created) as ConfirmationDto).id).toBe(confirmation.id);
    const deleted = watcher.client.nextPush('confirmation:changed');
    await api.delete(`/confirmations/${confirmation.id}`);
    expect(await deleted).toEqual({
      id: confirmation.id,
      entityType: 'offer',
      entityId: offer.id,
      isDeleted: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(leaked).toBe(false);
  });
});

describe('bad input is refused with a code and changes nothing', () => {
  const fieldOf = (answer: { body: ErrorPayload }) =>
    (answer.body.details as { fields: Record<string, string> }).fields;

  it.each([
    [
      'a negative amount',
      [{ share: { type: 'fixed', amount: -1 } }, percent(10_000)],
      'paymentRules.0.share.amount',
      'validation.paymentPartNegative',
    ],
    [
      'a part over 100 %',
      [percent(10_001)],
      'paymentRules.0.share.basisPoints',
      'validation.paymentPercentOver100',
    ],
    ['parts short of 100 %', [percent(5000), percent(4999)], 'paymentRules', 'validation.paymentPlanSum'],
    [
      'fixed parts over the total',
      [{ share: { type: 'fixed', amount: 1_250_01 } }, percent(10_000)],
      'paymentRules.0',
      'validation.paymentFixedOverTotal',
    ],
    [
      'fixed parts short of the total',
      [{ share: { type: 'fixed', amount: 1_000_00 } }],
      'paymentRules',
      'validation.paymentPlanUncovered',
    ],
    ['no parts', [], 'paymentRules', 'validation.paymentPlanEmpty'],
    [
      'a process column without the invoice flag',
      [percent(10_000, { kind: 'processColumnCompleted', columnId: 'PID1' })],
      'paymentRules.0.due.columnId',
      'validation.processColumnNotInvoice',
    ],
    [
      "another company's process column",
      [percent(10_000, { kind: 'processColumnCompleted', columnId: 'MALLORY' })],
      'paymentRules.0.due.columnId',
      'validation.processColumnNotInvoice',
    ],
    [
      'a NUL character',
      [{ ...percent(10_000), description: 'Ved\u0000ordre' }],
      'paymentRules.0.description',
      'validation.nulCharacter',
    ],
    [
      'a description too long',
      [{ ...percent(10_000), description: 'x'.repeat(201) }],
      'paymentRules.0.description',
      'validation.tooLong?max=200',
    ],
  ] as const)('%s', async (_case, rules, field, message) => {
    const offer = await createOffer();
    const paymentRules = rules.map((rule) =>
      'due' in rule && rule.due.kind === 'processColumnCompleted'
        ? {
            ...rule,
            due: {
              ...rule.due,
              columnId:
                rule.due.columnId === 'MALLORY'
                  ? columnOf(mallory.companyId, 'PID10')
                  : columnOf(alice.companyId, rule.due.columnId),
            },
          }
        : rule,
    );
    const before = await confirmationCount(alice.companyId);
    const answer = await confirm({ entityId: offer.id, paymentRules });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('VALIDATION');
    expect(fieldOf(answer)[field]).toBe(message);
    expect(await confirmationCount(alice.companyId)).toBe(before);
  });

  it('refuses terms too long, a bad date and a foreign customer', async () => {
    const offer = await createOffer();
    const before = await confirmationCount(alice.companyId);
    const tooLong = await confirm({ entityId: offer.id, terms: 'x'.repeat(2001) });
    expect(fieldOf(tooLong)).toEqual({ terms: 'validation.tooLong?max=2000' });
    const badDate = await confirm({ entityId: offer.id, date: '31.02.2026' });
    expect(fieldOf(badDate)).toEqual({ date: 'validation.dateNotValid' });
    const foreign = await confirm({ entityId: offer.id, customerId: malloryCustomerId });
    expect(foreign.status).toBe(400);
    expect(fieldOf(foreign)).toMatchObject({ customerId: 'validation.referenceUnknown' });
    expect(await confirmationCount(alice.companyId)).toBe(before);
  });

  it('refuses a double-clicked create with CONFLICT and stores one confirmation', async () => {
    const offer = await createOffer();
    const before = await confirmationCount(alice.companyId);
    const requestId = newId();
    const [first, second] = await Promise.all([
      confirm({ entityId: offer.id, requestId }),
      confirm({ entityId: offer.id, requestId }),
    ]);
    expect([first?.status, second?.status].sort()).toEqual([200, 409]);
    const again = await confirm({ entityId: offer.id, requestId });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'CONFLICT', messageKey: 'validation.confirmationDuplicate' });
    expect(await confirmationCount(alice.companyId)).toBe(before + 1);
  });
});

describe('changing and deleting', () => {
  it('changes terms and payment rules at the version read, re-splitting in øre', async () => {
    const offer = await createOffer();
    const created = await confirmOk({ entityId: offer.id });
    const { status, body } = await api.patch<ConfirmationDto>(`/confirmations/${created.id}`, {
      version: created.version,
      changes: { terms: 'Netto 30 dager', paymentRules: [percent(3000), percent(7000)], date: '2026-03-05' },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ version: 2, terms: 'Netto 30 dager', date: '2026-03-05' });
    expect(body.paymentRules.map((rule) => rule.amount)).toEqual([375_00, 875_00]);
    const rows = await server.ctx.db
      .select()
      .from(confirmationPaymentRules)
      .where(eq(confirmationPaymentRules.confirmationId, created.id));
    expect(rows).toHaveLength(2);
  });

  it('refuses a stale version with CONFLICT and changes nothing', async () => {
    const offer = await createOffer();
    const created = await confirmOk({ entityId: offer.id });
    await api.patch(`/confirmations/${created.id}`, { version: 1, changes: { terms: 'Først' } });
    const stale = await api.patch<ErrorPayload>(`/confirmations/${created.id}`, {
      version: 1,
      changes: { terms: 'Sist', paymentRules: [percent(10_000)] },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      code: 'CONFLICT',
      messageKey: 'validation.confirmationChanged',
      details: { currentVersion: 2 },
    });
    const [now] = (await api.get<ConfirmationDto[]>(`/confirmations/entity-id/${offer.id}`)).body;
    expect(now).toMatchObject({ terms: 'Først', version: 2 });
    expect(now?.paymentRules).toHaveLength(3);
  });

  it('takes the lines again on refreshLines and splits the stored rules over the new total', async () => {
    const offer = await createOffer();
    const created = await confirmOk({ entityId: offer.id });
    const changed = await api.patch<OfferDto>(`/offers/${offer.id}`, {
      version: offer.version,
      changes: {},
      lines: [{ description: 'Port', count: 1, unitPrice: 2_000_00 }],
    });
    expect(changed.status).toBe(200);
    const { body } = await api.patch<ConfirmationDto>(`/confirmations/${created.id}`, {
      version: created.version,
      refreshLines: true,
    });
    expect([body.totalExVat, body.vat, body.total]).toEqual([2_000_00, 500_00, 2_500_00]);
    expect(body.lines.map((line) => line.description)).toEqual(['Port']);
    expect(body.paymentRules.map((rule) => rule.amount)).toEqual([833_25, 833_25, 833_50]);
  });

  it('changes the customer (and drops the old contact), refusing a contact of another customer', async () => {
    const offer = await createOffer();
    const created = await confirmOk({ entityId: offer.id });
    const other = await seedCustomer(server.ctx.db, alice.companyId, { name: 'Annen Kunde AS' });
    const wrongContact = await api.patch<ErrorPayload>(`/confirmations/${created.id}`, {
      version: 1,
      changes: { customerId: other.id, contactId },
    });
    expect(wrongContact.status).toBe(400);
    const { body } = await api.patch<ConfirmationDto>(`/confirmations/${created.id}`, {
      version: 1,
      changes: { customerId: other.id },
    });
    expect(body).toMatchObject({ customerId: other.id, customerName: 'Annen Kunde AS', contactId: null });
  });

  it('deletes a confirmation; once a part is invoiced it refuses deleting and re-planning', async () => {
    const offer = await createOffer();
    const gone = await confirmOk({ entityId: offer.id });
    expect((await api.delete(`/confirmations/${gone.id}`)).status).toBe(200);
    expect((await api.delete(`/confirmations/${gone.id}`)).status).toBe(404);

    const kept = await confirmOk({ entityId: offer.id });
    await server.ctx.db
      .update(confirmationPaymentRules)
      .set({ invoiceId: newId() })
      .where(
        and(eq(confirmationPaymentRules.confirmationId, kept.id), eq(confirmationPaymentRules.position, 0)),
      );
    const refusedDelete = await api.delete<ErrorPayload>(`/confirmations/${kept.id}`);
    expect(refusedDelete.status).toBe(409);
    expect(refusedDelete.body).toMatchObject({
      code: 'CONFLICT',
      messageKey: 'validation.confirmationInvoiced',
    });
    for (const body of [
      { version: 1, changes: { paymentRules: [percent(10_000)] } },
      { version: 1, refreshLines: true },
    ]) {
      const refused = await api.patch<ErrorPayload>(`/confirmations/${kept.id}`, body);
      expect(refused.status).toBe(409);
      expect(refused.body.messageKey).toBe('validation.confirmationInvoiced');
    }
    const [now] = (await api.get<ConfirmationDto[]>(`/confirmations/entity-id/${offer.id}`)).body.filter(
      (confirmation) => confirmation.id === kept.id,
    );
    expect(now).toMatchObject({ isInvoiced: true, version: 1 });
    expect(now?.paymentRules.map((rule) => rule.amount)).toEqual([416_62, 416_62, 416_76]);
    // The terms are text: they may still be corrected.
    const terms = await api.patch<ConfirmationDto>(`/confirmations/${kept.id}`, {
      version: 1,
      changes: { terms: 'Rettet' },
    });
    expect(terms.status).toBe(200);
  });
});

describe('offer → project', () => {
  it('moves the confirmation to the project in the conversion, and the offer still lists it', async () => {
    const offer = await createOffer();
    const created = await confirmOk({ entityId: offer.id });
    const converted = await api.post<OfferConversionDto>(`/offers/${offer.id}/convert-to-project`, {});
    expect(converted.status).toBe(200);
    const { projectId } = converted.body;
    const ofProject = (await api.get<ConfirmationDto[]>(`/confirmations/entity-id/${projectId}`)).body;
    expect(ofProject).toHaveLength(1);
    expect(ofProject[0]).toMatchObject({
      id: created.id,
      entityType: 'project',
      entityId: projectId,
      offerId: offer.id,
      total: 1_250_00,
    });
    expect((await api.get<ConfirmationDto[]>(`/confirmations/entity-id/${offer.id}`)).body).toEqual([]);
    expect((await api.get<ConfirmationDto[]>(`/confirmations/offer/${offer.id}`)).body).toHaveLength(1);

    // New confirmations are made on the project, not on the converted offer.
    const onOffer = await confirm({ entityId: offer.id });
    expect(onOffer.status).toBe(409);
    expect(onOffer.body).toMatchObject({
      code: 'CONFLICT',
      details: { reason: 'alreadyConverted', projectId },
    });
    // A confirmation of the project itself takes the project's order lines.
    const ofTheProject = await confirmOk({
      entityType: 'project',
      entityId: projectId,
      paymentRules: [percent(10_000)],
    });
    expect(ofTheProject).toMatchObject({ entityType: 'project', offerId: null, total: 1_250_00, customerId });
  });
});

describe('offer → project, all or nothing', () => {
  it('leaves the confirmation on the offer when the conversion fails', async () => {
    const offer = await createOffer();
    const created = await confirmOk({ entityId: offer.id });
    conversionSteps.afterProjectInsert = async () => {
      throw new Error('disk full');
    };
    try {
      const failed = await api.post(`/offers/${offer.id}/convert-to-project`, {});
      expect(failed.status).toBe(502);
    } finally {
      conversionSteps.afterProjectInsert = undefined;
    }
    const [still] = (await api.get<ConfirmationDto[]>(`/confirmations/entity-id/${offer.id}`)).body;
    expect(still).toMatchObject({ id: created.id, entityType: 'offer', entityId: offer.id, version: 1 });
  });
});

describe('company isolation', () => {
  it("answers NOT_FOUND for another company's offer, project and confirmation on every route", async () => {
    const offer = await createOffer();
    const created = await confirmOk({ entityId: offer.id });
    const project = await createOffer();
    const { projectId } = (await api.post<OfferConversionDto>(`/offers/${project.id}/convert-to-project`, {}))
      .body;
    const before = await confirmationCount(mallory.companyId);
    const answers = [
      await intruder.get(`/confirmations/offer/${offer.id}`),
      await intruder.get(`/confirmations/entity-id/${offer.id}`),
      await intruder.get(`/confirmations/entity-id/${projectId}`),
      await intruder.get(`/confirmations/entity-id/${created.id}`),
      await confirm({ entityId: offer.id }, intruder),
      await confirm({ entityType: 'project', entityId: projectId }, intruder),
      await intruder.patch(`/confirmations/${created.id}`, { version: 1, changes: { terms: 'Hacket' } }),
      await intruder.delete(`/confirmations/${created.id}`),
    ];
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 404));
    expect(await confirmationCount(mallory.companyId)).toBe(before);
    const [still] = (await api.get<ConfirmationDto[]>(`/confirmations/entity-id/${offer.id}`)).body;
    expect(still).toMatchObject({ terms: '', version: 1 });
  });

  it("refuses another company's customer or contact on a change, changing nothing", async () => {
    const offer = await createOffer();
    const created = await confirmOk({ entityId: offer.id });
    const foreignContact = (await seedContact(server.ctx.db, mallory.companyId, malloryCustomerId)).id;
    for (const changes of [{ customerId: malloryCustomerId }, { contactId: foreignContact }]) {
      const answer = await api.patch(`/confirmations/${created.id}`, { version: 1, changes });
      expect(answer.status).toBe(400);
    }
    const [now] = (await api.get<ConfirmationDto[]>(`/confirmations/entity-id/${offer.id}`)).body;
    expect(now).toMatchObject({ customerId, contactId, version: 1 });
  });
});

describe('roles', () => {
  it('refuses members without the permission with FORBIDDEN', async () => {
    const offer = await createOffer();
    const created = await confirmOk({ entityId: offer.id });
    const as = async (role: 'readonly' | 'technician' | 'leader') =>
      restClient(server, await server.signedInUser({ companyId: alice.companyId, role }));
    const readonly = await as('readonly');
    const technician = await as('technician');
    const leader = await as('leader');
    const refused = [
      // Reads offers but writes nothing.
      await confirm({ entityId: offer.id }, readonly),
      await readonly.patch(`/confirmations/${created.id}`, { version: 1, changes: { terms: 'x' } }),
      await readonly.delete(`/confirmations/${created.id}`),
      // Technicians see no money.
      await technician.get('/confirmations/payment_rules'),
      await technician.get(`/confirmations/entity-id/${offer.id}`),
      // Leaders read projects, not offers: the route lets them in, the offer's confirmations do not.
      await leader.get(`/confirmations/entity-id/${offer.id}`),
      await leader.get(`/confirmations/offer/${offer.id}`),
    ];
    expect(refused.map((answer) => answer.status)).toEqual(refused.map(() => 403));
    expect(refused.map((answer) => (answer.body as ErrorPayload).code)).toEqual(
      refused.map(() => 'FORBIDDEN'),
    );
    expect((await readonly.get(`/confirmations/entity-id/${offer.id}`)).status).toBe(200);
    expect((await leader.get('/confirmations/payment_rules')).status).toBe(200);
    const [still] = (await api.get<ConfirmationDto[]>(`/confirmations/entity-id/${offer.id}`)).body;
    expect(still).toMatchObject({ version: 1 });
  });
});
