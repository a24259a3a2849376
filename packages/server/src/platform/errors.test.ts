import type { ErrorPayload } from '@karm/domain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bodyOf, type SignedInUser, startTestServer, type TestServer } from '../test/test-server';
import { AppError, fromZodError, notFound, toErrorPayload, validationError } from './errors';

describe('error payloads', () => {
  it('say a message key in English and keep the key as messageKey', () => {
    expect(new AppError('VALIDATION', 'validation.mustBe9Characters').toPayload()).toEqual({
      code: 'VALIDATION',
      message: 'Must be 9 characters',
      messageKey: 'validation.mustBe9Characters',
    });
    expect(new AppError('VALIDATION', 'validation.tooLong?max=200').toPayload()).toMatchObject({
      message: 'Too long: at most 200 characters',
      messageKey: 'validation.tooLong?max=200',
    });
  });

  it('leave English messages alone, without a messageKey', () => {
    expect(notFound('Offer').toPayload()).toEqual({ code: 'NOT_FOUND', message: 'Offer not found' });
    expect(toErrorPayload(new Error('secret internals'))).toEqual({
      code: 'INTERNAL',
      message: 'An unexpected error occurred',
    });
  });

  it('keep the keys of the fields, and say the first one unless told otherwise', () => {
    const fields = { customerId: 'validation.mustSelectCustomer', name: 'validation.required' };
    expect(validationError(fields).toPayload()).toEqual({
      code: 'VALIDATION',
      message: 'You must select a customer',
      messageKey: 'validation.mustSelectCustomer',
      details: { fields },
    });
    expect(validationError(fields, 'Unknown customer').toPayload()).toEqual({
      code: 'VALIDATION',
      message: 'Unknown customer',
      details: { fields },
    });
  });

  it('turn a zod failure into the same shape', () => {
    const parsed = z.object({ orgNo: z.string().length(9, 'validation.mustBe9Characters') }).safeParse({
      orgNo: '1',
    });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(fromZodError(parsed.error).toPayload()).toEqual({
      code: 'VALIDATION',
      message: 'Must be 9 characters',
      messageKey: 'validation.mustBe9Characters',
      details: { fields: { orgNo: 'validation.mustBe9Characters' } },
    });
  });
});

describe('errors on the wire', () => {
  let server: TestServer;
  let alice: SignedInUser;

  beforeAll(async () => {
    server = await startTestServer();
    alice = await server.signedInUser();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a socket ack reads "Must be 9 characters" and keeps the key for the client', async () => {
    const error = await alice.client.requestError('customer:create', {
      name: 'Feil AS',
      organizationNumber: '12345',
    });
    expect(error).toMatchObject({
      code: 'VALIDATION',
      message: 'Must be 9 characters',
      messageKey: 'validation.mustBe9Characters',
      details: { fields: { organizationNumber: 'validation.mustBe9Characters' } },
    });
  });

  it('a REST answer does the same for a key from the route schema', async () => {
    const response = await fetch(`${server.url}/api/offers/${alice.userId}`, {
      method: 'PATCH',
      headers: { token: alice.token, 'content-type': 'application/json' },
      body: JSON.stringify({
        version: 1,
        changes: { paymentPlan: [{ description: 'Forskudd', percent: 40 }] },
      }),
    });
    expect(response.status).toBe(400);
    expect(await bodyOf<ErrorPayload>(response)).toMatchObject({
      code: 'VALIDATION',
      message: 'The payment plan percentages must add up to 100 %',
      messageKey: 'validation.paymentPlanSum',
    });
  });
});
