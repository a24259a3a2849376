import { describe, expect, it } from 'vitest';
import { errorFromAnswer } from './errors';
import { redactPath } from './http-client';
import { fromTripletexContact, fromTripletexCustomer, toTripletexCustomer } from './mappers';
import { rateLimitDelayMs } from './retry-policy';
import { contactSchema, customerSchema } from './schemas';
import { addDays } from './session';
import { formatChangedSince } from './tripletex-adapter';

describe('Tripletex mapping', () => {
  it('reads null, absent and "" text alike, and 0 numbers as none', () => {
    const customer = fromTripletexCustomer(
      customerSchema.parse({
        id: 7,
        version: 2,
        name: 'Null AS',
        email: null,
        customerNumber: 0,
        supplierNumber: null,
        invoiceSendMethod: 'SOMETHING_NEW',
        postalAddress: { id: 8, addressLine1: null, city: 'Oslo', country: null },
        physicalAddress: null,
      }),
    );
    expect(customer).toMatchObject({
      externalId: '7',
      email: '',
      organizationNumber: '',
      customerNumber: null,
      supplierNumber: null,
      isInactive: false,
      invoiceSendMethod: 'EMAIL',
      postalAddress: { externalId: '8', addressLine1: '', city: 'Oslo', countryCode: '' },
      physicalAddress: null,
    });
    expect(
      fromTripletexContact(contactSchema.parse({ id: 1, customer: null })).customerExternalId,
    ).toBeNull();
  });

  it('sends only the given fields, address ids only on update, never null numbers', () => {
    const address = {
      externalId: '55',
      addressLine1: 'Gate 1',
      addressLine2: '',
      postalCode: '0150',
      city: 'Oslo',
      countryCode: 'NO',
    };
    expect(
      toTripletexCustomer({ name: 'A', customerNumber: null, postalAddress: address }, 'update'),
    ).toEqual({
      name: 'A',
      postalAddress: { id: 55, addressLine1: 'Gate 1', addressLine2: '', postalCode: '0150', city: 'Oslo' },
    });
    expect(toTripletexCustomer({ postalAddress: address, physicalAddress: null }, 'create')).toEqual({
      postalAddress: { addressLine1: 'Gate 1', addressLine2: '', postalCode: '0150', city: 'Oslo' },
    });
  });

  it('maps error envelopes to kinds, keeping every field message', () => {
    const error = errorFromAnswer(
      422,
      {
        status: 422,
        code: 18000,
        message: 'Validering feilet',
        validationMessages: [
          { field: 'name', message: 'Må fylles ut' },
          { field: 'name', message: 'For kort' },
          { field: null, message: 'Generell feil' },
        ],
        requestId: 'r-1',
      },
      null,
    );
    expect(error).toMatchObject({
      kind: 'validation',
      details: {
        status: 422,
        code: 18000,
        requestId: 'r-1',
        fields: { name: 'Må fylles ut; For kort', _: 'Generell feil' },
      },
    });
    expect(errorFromAnswer(403, 'Forbidden', 'h-1')).toMatchObject({
      kind: 'auth',
      details: { requestId: 'h-1' },
    });
    expect(errorFromAnswer(409, null, null).kind).toBe('conflict');
    expect(errorFromAnswer(502, null, null).kind).toBe('unreachable');
  });

  it('formats dates and delays as decided', () => {
    expect(formatChangedSince(new Date('2025-06-01T22:15:30.123Z'))).toBe('2025-06-01T22:15:30');
    expect(addDays('2025-03-30', 2)).toBe('2025-04-01');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(rateLimitDelayMs('2', 2000)).toBe(2000);
    expect(rateLimitDelayMs('0.5', 2000)).toBe(500);
    expect(rateLimitDelayMs(null, 1234)).toBe(1234);
    expect(rateLimitDelayMs('soon', 1234)).toBe(1234);
    expect(redactPath('/token/session/abc123')).toBe('/token/session/[redacted]');
    expect(redactPath('/token/session/>whoAmI')).toBe('/token/session/>whoAmI');
  });
});
