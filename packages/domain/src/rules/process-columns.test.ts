import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minimumLeadWeeks } from './delivery-weeks';
import { PROCESS_NAME_MAX_LENGTH, validateProcessNames } from './name-rule';
import {
  assertNoteDateType,
  DEFAULT_PROCESS_COLUMNS,
  isProcessColumnType,
  NOTE_DATE_TYPES,
  noteDateTypesOf,
  PROCESS_COLUMN_TYPES,
  PROCESS_WEEKS_MAX,
  type ProcessColumnType,
  validateProcessColumn,
  validateSubProcess,
} from './process-columns';

const valid = { nameNo: 'Glass', nameEn: 'Glass', factor: 2, min: 2, max: 4, type: 'orderedReceived' };

describe('noteDateTypesOf', () => {
  it('gives one completed date or the ordered–received pair', () => {
    expect(noteDateTypesOf('completed')).toEqual(['completed']);
    expect(noteDateTypesOf('orderedReceived')).toEqual(['ordered', 'received']);
  });

  it('rejects a column type it does not know', () => {
    expect(() => noteDateTypesOf('range' as ProcessColumnType)).toThrow(
      'Unsupported process column type: range',
    );
  });

  it('covers every note type exactly once', () => {
    expect(PROCESS_COLUMN_TYPES.flatMap(noteDateTypesOf).sort()).toEqual([...NOTE_DATE_TYPES].sort());
  });
});

describe('assertNoteDateType', () => {
  it('accepts the note types of the column', () => {
    expect(() => assertNoteDateType('completed', 'completed')).not.toThrow();
    expect(() => assertNoteDateType('orderedReceived', 'ordered')).not.toThrow();
    expect(() => assertNoteDateType('orderedReceived', 'received')).not.toThrow();
  });

  it('raises "Unsupported note type" for anything else', () => {
    expect(() => assertNoteDateType('completed', 'received')).toThrow('Unsupported note type: received');
    expect(() => assertNoteDateType('orderedReceived', 'completed')).toThrow(
      'Unsupported note type: completed',
    );
    expect(() => assertNoteDateType('completed', 'shipped')).toThrow(Error);
  });

  it('throws exactly for strings outside the column’s note types', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PROCESS_COLUMN_TYPES),
        fc.oneof(fc.constantFrom(...NOTE_DATE_TYPES), fc.string()),
        (columnType, noteType) => {
          const isSupported = (noteDateTypesOf(columnType) as readonly string[]).includes(noteType);
          if (isSupported) expect(() => assertNoteDateType(columnType, noteType)).not.toThrow();
          else expect(() => assertNoteDateType(columnType, noteType)).toThrow(/^Unsupported note type: /);
        },
      ),
    );
  });
});

describe('validateProcessColumn', () => {
  it('accepts a complete column', () => {
    expect(validateProcessColumn(valid)).toEqual({});
    expect(validateProcessColumn({ ...valid, factor: 0, min: 0, max: 0, type: 'completed' })).toEqual({});
    expect(validateProcessColumn({ ...valid, factor: 52, min: 52, max: 52 })).toEqual({});
  });

  it('uses the process name messages of SPEC §5', () => {
    expect(validateProcessColumn({ ...valid, nameNo: ' ', nameEn: '' })).toEqual({
      nameNo: 'validation.norwegianNameRequired',
      nameEn: 'validation.englishNameRequired',
    });
    expect(validateProcessColumn({ ...valid, nameEn: 'x'.repeat(16) })).toEqual({
      nameEn: 'validation.nameTooLong',
    });
  });

  it.each([-1, 53, 1.5, Number.NaN, null, undefined])('rejects factor %s', (factor) => {
    expect(validateProcessColumn({ ...valid, factor })).toEqual({ factor: 'validation.factorRange' });
  });

  it('wants whole weeks for min and max, with min ≤ max', () => {
    expect(validateProcessColumn({ ...valid, min: -1 })).toEqual({ min: 'validation.minMaxRange' });
    expect(validateProcessColumn({ ...valid, max: 0.5 })).toEqual({ max: 'validation.minMaxRange' });
    expect(validateProcessColumn({ ...valid, max: 53, min: null })).toEqual({
      min: 'validation.minMaxRange',
      max: 'validation.minMaxRange',
    });
    expect(validateProcessColumn({ ...valid, min: 3, max: 2 })).toEqual({
      min: 'validation.minMaxRange',
      max: 'validation.minMaxRange',
    });
  });

  it.each(['', null, undefined, 'ordered', 'COMPLETED'])('requires a known type, not %o', (type) => {
    expect(validateProcessColumn({ ...valid, type })).toEqual({ type: 'validation.processTypeRequired' });
  });

  it('flags the numbers exactly when they break the range rules', () => {
    const weeks = fc.oneof(fc.integer({ min: -5, max: 60 }), fc.double(), fc.constant(null));
    fc.assert(
      fc.property(weeks, weeks, weeks, (factor, min, max) => {
        const errors = validateProcessColumn({ ...valid, factor, min, max });
        const isWeeks = (value: number | null) =>
          value !== null && Number.isInteger(value) && value >= 0 && value <= PROCESS_WEEKS_MAX;
        expect('factor' in errors).toBe(!isWeeks(factor));
        const isOutOfOrder = isWeeks(min) && isWeeks(max) && min! > max!;
        expect('min' in errors).toBe(!isWeeks(min) || isOutOfOrder);
        expect('max' in errors).toBe(!isWeeks(max) || isOutOfOrder);
      }),
    );
  });
});

describe('validateSubProcess', () => {
  it('accepts names and a type', () => {
    expect(
      validateSubProcess({ nameNo: 'Herdet glass', nameEn: 'Toughened glass', type: 'completed' }),
    ).toEqual({});
  });

  it('uses the sub-process messages and requires the type', () => {
    expect(validateSubProcess({ nameNo: '', nameEn: '', type: '' })).toEqual({
      nameNo: 'validation.subProcessNorwegianNameRequired',
      nameEn: 'validation.subProcessEnglishNameRequired',
      type: 'validation.subProcessTypeRequired',
    });
    expect(validateSubProcess({ nameNo: 'x'.repeat(16), nameEn: 'ok' })).toEqual({
      nameNo: 'validation.nameTooLong',
      type: 'validation.subProcessTypeRequired',
    });
  });
});

describe('DEFAULT_PROCESS_COLUMNS', () => {
  it('are PID1 to PID11 in grid order', () => {
    expect(DEFAULT_PROCESS_COLUMNS.map((column) => column.id)).toEqual(
      Array.from({ length: 11 }, (_, index) => `PID${index + 1}`),
    );
    expect(DEFAULT_PROCESS_COLUMNS.map((column) => column.order)).toEqual(
      Array.from({ length: 11 }, (_, index) => index + 1),
    );
  });

  it('each passes the admin validation, names within 15 characters', () => {
    for (const column of DEFAULT_PROCESS_COLUMNS) {
      expect(validateProcessColumn(column)).toEqual({});
      expect(validateProcessNames(column, 'process')).toEqual({});
      expect([...column.nameNo].length).toBeLessThanOrEqual(PROCESS_NAME_MAX_LENGTH);
      expect([...column.nameEn].length).toBeLessThanOrEqual(PROCESS_NAME_MAX_LENGTH);
      expect(isProcessColumnType(column.type)).toBe(true);
    }
  });

  it('have distinct hex colours and status keys', () => {
    const colours = DEFAULT_PROCESS_COLUMNS.map((column) => column.color);
    for (const colour of colours) expect(colour).toMatch(/^#[0-9a-f]{6}$/);
    expect(new Set(colours).size).toBe(colours.length);
    const statuses = DEFAULT_PROCESS_COLUMNS.map((column) => column.status);
    for (const status of statuses) expect(status).toMatch(/^[a-z][a-zA-Z]{1,19}$/);
    expect(new Set(statuses).size).toBe(statuses.length);
  });

  it('fall towards delivery and never go below 0', () => {
    const factors = DEFAULT_PROCESS_COLUMNS.map((column) => column.factor);
    for (const [index, factor] of factors.entries()) {
      expect(factor).toBeGreaterThanOrEqual(0);
      if (index > 0) expect(factor).toBeLessThanOrEqual(factors[index - 1]!);
    }
    expect(DEFAULT_PROCESS_COLUMNS.find((column) => column.id === 'PID9')!.factor).toBe(0);
  });

  it('buy materials, painting, glass and hardware as ordered–received ranges', () => {
    expect(
      DEFAULT_PROCESS_COLUMNS.filter((column) => column.type === 'orderedReceived').map(
        (column) => column.nameEn,
      ),
    ).toEqual(['Materials', 'Painting', 'Glass', 'Hardware']);
  });

  it('invoice on delivery and on installation', () => {
    expect(DEFAULT_PROCESS_COLUMNS.filter((column) => column.invoice).map((column) => column.nameNo)).toEqual(
      ['Levert', 'Montert'],
    );
  });

  it('need nine weeks of lead time, drawings first', () => {
    expect(minimumLeadWeeks(DEFAULT_PROCESS_COLUMNS)).toBe(9);
  });

  it('cannot be changed by accident', () => {
    expect(Object.isFrozen(DEFAULT_PROCESS_COLUMNS)).toBe(true);
    expect(DEFAULT_PROCESS_COLUMNS.every(Object.isFrozen)).toBe(true);
  });
});
