import dayjs from 'dayjs';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { addDays } from './date-only';
import {
  assertValidDate,
  DATE_NOT_VALID_MESSAGE,
  DISPLAY_DATE_FORMAT,
  formatDate,
  parseDateInput,
  toDateOnly,
} from './date-parse';

const anyInputDate = fc
  .integer({ min: 0, max: 73_048 })
  .map((offset) => addDays('1900-01-01', offset))
  .filter((date) => date <= '2099-12-31');

describe('parseDateInput accepts every SPEC §5 format', () => {
  it.each([
    ['dd.MM.yyyy', '29.02.2024', '2024-02-29'],
    ['d.M.yyyy', '1.2.2024', '2024-02-01'],
    ['dd.M.yyyy', '01.2.2024', '2024-02-01'],
    ['dd.MM.yyyy HH:mm', '29.02.2024 13:45', '2024-02-29'],
    ['dd.MM.yyyy HH:mm:ss', '29.02.2024 23:59:59', '2024-02-29'],
    ['yyyy-MM-dd', '2024-02-29', '2024-02-29'],
    ['yyyy-M-d', '2024-2-9', '2024-02-09'],
    ['yyyy-MM-dd HH:mm', '2024-02-29 00:00', '2024-02-29'],
    ['yyyy-MM-dd HH:mm:ss', '2024-02-29 07:08:09', '2024-02-29'],
    ['dd/MM/yyyy', '29/02/2024', '2024-02-29'],
    ['dd/MM/yyyy HH:mm', '29/02/2024 10:00', '2024-02-29'],
    ['dd/MM/yyyy HH:mm:ss', '29/02/2024 10:00:30', '2024-02-29'],
    ['MM/dd/yyyy', '12/31/2024', '2024-12-31'],
    ['MM/dd/yyyy HH:mm', '02/29/2024 10:00', '2024-02-29'],
    ['MM/dd/yyyy HH:mm:ss', '02/29/2024 10:00:30', '2024-02-29'],
    ['yyyy/MM/dd', '2024/02/29', '2024-02-29'],
    ['yyyy/MM/dd HH:mm', '2024/02/29 10:00', '2024-02-29'],
    ['yyyy/MM/dd HH:mm:ss', '2024/02/29 10:00:30', '2024-02-29'],
    ['ISO local', '2024-02-29T23:30', '2024-02-29'],
    ['ISO local with seconds', '2024-02-29T23:30:15', '2024-02-29'],
    ['ISO local with fraction', '2024-02-29T23:30:15.123', '2024-02-29'],
    ['ISO Z, winter', '2024-02-29T22:59:59Z', '2024-02-29'],
    ['ISO Z, next day in Oslo', '2024-02-29T23:00:00Z', '2024-03-01'],
    ['ISO Z, summer', '2024-07-14T22:30:00.000Z', '2024-07-15'],
    ['ISO lower-case z', '2024-07-14t22:30:00z', '2024-07-15'],
    ['ISO offset', '2024-03-01T00:30:00+02:00', '2024-02-29'],
    ['ISO negative offset', '2024-02-29T20:00:00-05:00', '2024-03-01'],
    ['ISO offset without colon', '2024-03-01T00:30:00+0200', '2024-02-29'],
    ['ISO hour-only offset', '2024-03-01T00:30:00+02', '2024-02-29'],
    ['ISO with space separator', '2024-02-29 23:00:00Z', '2024-03-01'],
    ['surrounding spaces', '  29.02.2024  ', '2024-02-29'],
    ['first year', '01.01.1900', '1900-01-01'],
    ['last year', '31.12.2099', '2099-12-31'],
  ])('%s: %s', (_format, text, expected) => {
    const onUnrecognised = vi.fn();
    expect(parseDateInput(text, onUnrecognised)).toBe(expected);
    expect(onUnrecognised).not.toHaveBeenCalled();
  });

  it('reads an ambiguous slashed date day-first, and month-first only when day-first is impossible', () => {
    expect(parseDateInput('03/04/2024')).toBe('2024-04-03');
    expect(parseDateInput('04/13/2024')).toBe('2024-04-13');
    expect(parseDateInput('13/04/2024')).toBe('2024-04-13');
  });
});

describe('parseDateInput rejects everything else', () => {
  it.each([
    ['impossible day', '31.02.2024'],
    ['not a leap year', '29.02.2023'],
    ['month 13', '2024-13-01'],
    ['impossible either way', '13/13/2024'],
    ['year before 1900', '31.12.1899'],
    ['year after 2099', '01.01.2100'],
    ['instant that is 2100 in Oslo', '2099-12-31T23:30:00Z'],
    ['two-digit year', '01.02.24'],
    ['three-digit day', '001.02.2024'],
    ['hour 24', '01.02.2024 24:00'],
    ['minute 60', '01.02.2024 12:60'],
    ['second 60', '2024-02-01T12:00:60'],
    ['offset hour 24', '2024-02-01T12:00:00+24:00'],
    ['time without minutes', '01.02.2024 12'],
    ['mixed separators', '01.02/2024'],
    ['dashed day first', '01-02-2024'],
    ['words', 'tomorrow'],
    ['month name', '1 Jan 2024'],
    ['trailing text', '2024-02-01 and more'],
    ['compact ISO', '20240201'],
  ])('%s: %s', (_case, text) => {
    const onUnrecognised = vi.fn();
    expect(parseDateInput(text, onUnrecognised)).toBeNull();
    expect(onUnrecognised).toHaveBeenCalledExactlyOnceWith(text);
  });

  it('treats blank input as an empty field, not an unknown format', () => {
    const onUnrecognised = vi.fn();
    expect(parseDateInput('', onUnrecognised)).toBeNull();
    expect(parseDateInput('   ', onUnrecognised)).toBeNull();
    expect(onUnrecognised).not.toHaveBeenCalled();
  });

  it('works without a callback', () => {
    expect(parseDateInput('garbage')).toBeNull();
  });
});

describe('parseDateInput round-trips every date of 1900–2099', () => {
  it.each([
    'DD.MM.YYYY',
    'D.M.YYYY',
    'YYYY-MM-DD',
    'DD/MM/YYYY',
    'YYYY/MM/DD',
    'DD.MM.YYYY HH:mm',
    'DD.MM.YYYY HH:mm:ss',
    'YYYY-MM-DD HH:mm',
    'YYYY-MM-DD HH:mm:ss',
    'DD/MM/YYYY HH:mm',
    'YYYY/MM/DD HH:mm:ss',
    'YYYY-MM-DDTHH:mm',
    'YYYY-MM-DDTHH:mm:ss',
    'YYYY-MM-DDTHH:mm:ss.SSS',
  ])('%s', (format) => {
    fc.assert(
      fc.property(anyInputDate, (date) => {
        const text = dayjs(`${date}T13:45:30.250`).format(format);
        expect(parseDateInput(text)).toBe(date);
      }),
    );
  });

  it('MM/DD/YYYY (day-first wins when both readings are valid)', () => {
    fc.assert(
      fc.property(anyInputDate, (date) => {
        const [year, month, day] = date.split('-');
        const parsed = parseDateInput(dayjs(date).format('MM/DD/YYYY'));
        const isAmbiguous = Number(day) <= 12 && day !== month;
        expect(parsed).toBe(isAmbiguous ? `${year}-${day}-${month}` : date);
      }),
    );
  });

  it('ISO instants at Oslo noon, written in UTC and with an offset', () => {
    fc.assert(
      fc.property(anyInputDate, (date) => {
        expect(parseDateInput(`${date}T10:00:00Z`)).toBe(date);
        expect(parseDateInput(`${date}T12:00:00+01:00`)).toBe(date);
      }),
    );
  });

  it('formatDate output', () => {
    fc.assert(
      fc.property(anyInputDate, (date) => {
        expect(parseDateInput(formatDate(date))).toBe(date);
      }),
    );
  });
});

describe('formatDate', () => {
  it('shows dd.MM.yyyy', () => {
    expect(formatDate('2024-02-09')).toBe('09.02.2024');
    expect(formatDate('9.2.2024')).toBe('09.02.2024');
    expect(formatDate(new Date('2024-02-08T23:30:00Z'))).toBe('09.02.2024');
  });

  it('is empty for nothing or nonsense', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('garbage')).toBe('');
    expect(formatDate(new Date('garbage'))).toBe('');
  });

  it('matches DISPLAY_DATE_FORMAT in dayjs', () => {
    expect(DISPLAY_DATE_FORMAT).toBe('DD.MM.YYYY');
    fc.assert(
      fc.property(anyInputDate, (date) => {
        expect(formatDate(date)).toBe(dayjs(date).format(DISPLAY_DATE_FORMAT));
      }),
    );
  });
});

describe('toDateOnly', () => {
  it('reads text, Date and dayjs values', () => {
    expect(toDateOnly('17.05.2026')).toBe('2026-05-17');
    expect(toDateOnly(new Date('2026-05-16T22:00:00Z'))).toBe('2026-05-17');
    expect(toDateOnly(dayjs('2026-05-17'))).toBe('2026-05-17');
    expect(toDateOnly(dayjs('1850-05-17'))).toBeNull();
    expect(toDateOnly(12345)).toBeNull();
  });
});

describe('assertValidDate', () => {
  it('accepts valid picker values', () => {
    expect(() => assertValidDate('2026-05-17')).not.toThrow();
    expect(() => assertValidDate(new Date('2026-05-17T10:00:00Z'))).not.toThrow();
    expect(() => assertValidDate(dayjs('2026-05-17'))).not.toThrow();
  });

  it.each([
    ['an invalid Date', new Date('garbage')],
    ['an invalid dayjs', dayjs('garbage')],
    ['an impossible date', '2026-02-30'],
    ['null', null],
    ['undefined', undefined],
    ['a number', 20260517],
    ['an object', {}],
  ])('throws "date is not valid" for %s', (_case, value) => {
    expect(DATE_NOT_VALID_MESSAGE).toBe('date is not valid');
    expect(() => assertValidDate(value)).toThrow(new Error('date is not valid'));
  });
});
