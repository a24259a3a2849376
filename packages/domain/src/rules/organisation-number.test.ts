import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  completeOrganisationNumber,
  formatOrganisationNumber,
  ORGANISATION_NUMBER_LENGTH,
  validateOrganisationNumber,
} from './organisation-number';

describe('validateOrganisationNumber', () => {
  it('is 9 digits long', () => {
    expect(ORGANISATION_NUMBER_LENGTH).toBe(9);
  });

  it.each(['923609016', '974760673', '985399077', '971526920', '923 609 016', ' 974\u00a0760\u00a0673 '])(
    'accepts %j',
    (value) => {
      expect(validateOrganisationNumber(value)).toBeNull();
    },
  );

  it.each(['', '   ', '12345678', '1234567890', '92360901A', '923-609-016', '９２３６０９０１６'])(
    'wants 9 characters for %j',
    (value) => {
      expect(validateOrganisationNumber(value)).toBe('validation.mustBe9Characters');
    },
  );

  it.each(['923609017', '974760670', '985399070', '123456789', '000000001'])(
    'rejects the check digit of %j',
    (value) => {
      expect(validateOrganisationNumber(value)).toBe('validation.organisationNumberInvalid');
    },
  );

  it('accepts exactly one of the ten possible last digits, or none', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{8}$/), (prefix) => {
        const valid = '0123456789'
          .split('')
          .filter((last) => validateOrganisationNumber(prefix + last) === null);
        expect(valid.length).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('completeOrganisationNumber', () => {
  it('adds the check digit of real numbers', () => {
    expect(completeOrganisationNumber('92360901')).toBe('923609016');
    expect(completeOrganisationNumber('97476067')).toBe('974760673');
  });

  it('every completed number is valid, and none is made from bad input', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{8}$/), (firstEight) => {
        const complete = completeOrganisationNumber(firstEight);
        if (complete !== null) expect(validateOrganisationNumber(complete)).toBeNull();
      }),
    );
    expect(completeOrganisationNumber('1234567')).toBeNull();
  });
});

describe('formatOrganisationNumber', () => {
  it('groups nine digits in threes, however they were spaced', () => {
    expect(formatOrganisationNumber('923609016')).toBe('923 609 016');
    expect(formatOrganisationNumber(' 923 60 9016 ')).toBe('923 609 016');
  });

  it('leaves anything else as it was', () => {
    expect(formatOrganisationNumber('12345')).toBe('12345');
    expect(formatOrganisationNumber('')).toBe('');
  });
});
