import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNok, parseMoney, VAT_RATE_PERCENT, vatOf, withVat } from './money';

// Exact comparisons with ordinary spaces for readability.
const plainSpaces = (text: string): string => text.replace(/[\u00a0\u202f]/g, ' ');

describe('parseMoney', () => {
  it.each([
    ['1234,50', 123_450],
    ['1234.50', 123_450],
    ['1 234,50', 123_450],
    ['1\u00a0234,50', 123_450],
    ['1\u202f234,50', 123_450],
    ['1 234 567,89 kr', 123_456_789],
    ['kr 99,90', 9990],
    ['Kr 99,90', 9990],
    ['99,90 NOK', 9990],
    ['NOK 99.9', 9990],
    ['100', 10_000],
    ['100,-', 10_000],
    ['100,', 10_000],
    [',5', 50],
    ['0', 0],
    ['-0', 0],
    ['-12,5', -1250],
    ['\u221212,50\u00a0kr', -1250],
    ['kr -12,50', -1250],
    ['-kr 12,50', -1250],
    ['  42  ', 4200],
    ['0,005', 1],
    ['0,0049', 0],
    ['-0,005', -1],
    ['1,999', 200],
  ])('%j → %i øre', (text, expected) => {
    expect(parseMoney(text)).toBe(expected);
  });

  it.each([
    '',
    '   ',
    'kr',
    '-',
    ',',
    ',-',
    'abc',
    '12abc',
    '1.234,50',
    '1,234.50',
    '--5',
    '- kr -5',
    'kr 5 kr',
    '5 €',
    '1e3',
    '0x10',
    '99999999999999999999',
  ])('%j is not an amount', (text) => {
    expect(parseMoney(text)).toBeNull();
  });

  it('never yields negative zero', () => {
    expect(Object.is(parseMoney('-0,00'), 0)).toBe(true);
  });
});

describe('formatNok', () => {
  it.each([
    [0, '0,00 kr'],
    [5, '0,05 kr'],
    [123_450, '1 234,50 kr'],
    [100_000_000, '1 000 000,00 kr'],
    [99_999, '999,99 kr'],
    [-1250, '\u221212,50 kr'],
    [-123_456_789, '\u22121 234 567,89 kr'],
  ])('%i øre → %s', (ore, expected) => {
    expect(plainSpaces(formatNok(ore))).toBe(expected);
  });

  it('uses non-breaking spaces so an amount never wraps', () => {
    expect(formatNok(123_450)).toBe('1\u00a0234,50\u00a0kr');
  });

  it('rejects amounts that are not whole øre', () => {
    expect(() => formatNok(1.5)).toThrow(RangeError);
    expect(() => formatNok(Number.NaN)).toThrow(RangeError);
  });

  const hasNorwegianLocale = Intl.NumberFormat.supportedLocalesOf('nb-NO').length > 0;
  it.runIf(hasNorwegianLocale)('matches Intl.NumberFormat nb-NO', () => {
    const intl = new Intl.NumberFormat('nb-NO', { style: 'currency', currency: 'NOK' });
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (ore) => {
        expect(plainSpaces(formatNok(ore))).toBe(plainSpaces(intl.format(ore / 100)));
      }),
    );
  });

  it('is read back by parseMoney', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (ore) => {
        expect(parseMoney(formatNok(ore))).toBe(ore);
      }),
    );
  });
});

describe('VAT', () => {
  it('is 25 %', () => {
    expect(VAT_RATE_PERCENT).toBe(25);
    expect(vatOf(10_000)).toBe(2500);
    expect(withVat(10_000)).toBe(12_500);
  });

  it('rounds to whole øre, half away from zero', () => {
    expect(vatOf(1)).toBe(0);
    expect(vatOf(2)).toBe(1);
    expect(vatOf(3)).toBe(1);
    expect(vatOf(-2)).toBe(-1);
    expect(withVat(2)).toBe(3);
  });

  it('is always a whole number within half an øre of the exact value', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (ore) => {
        const vat = vatOf(ore);
        expect(Number.isInteger(vat)).toBe(true);
        expect(Math.abs(vat - (ore * VAT_RATE_PERCENT) / 100)).toBeLessThanOrEqual(0.5);
        expect(withVat(ore)).toBe(ore + vat);
      }),
    );
  });
});
