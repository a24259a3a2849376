import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, errorPayloadSchema, isErrorPayload } from './errors';

describe('isErrorPayload', () => {
  it('answers as the error payload schema does', () => {
    const anyCode = fc.oneof(fc.constantFrom(...ERROR_CODES), fc.string());
    const payloadLike = fc.record(
      { code: anyCode, message: fc.anything(), messageKey: fc.anything(), details: fc.anything() },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(payloadLike, fc.anything()), (value) => {
        expect(isErrorPayload(value)).toBe(errorPayloadSchema.safeParse(value).success);
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts a server answer and refuses what is not one', () => {
    expect(isErrorPayload({ code: 'CONFLICT', message: 'Changed by someone else' })).toBe(true);
    expect(isErrorPayload({ code: 'VALIDATION', message: 'x', messageKey: 'validation.required' })).toBe(
      true,
    );
    expect(isErrorPayload({ code: 'TEAPOT', message: 'x' })).toBe(false);
    expect(isErrorPayload({ code: 'INTERNAL' })).toBe(false);
    expect(isErrorPayload(null)).toBe(false);
    expect(isErrorPayload('INTERNAL')).toBe(false);
  });
});
