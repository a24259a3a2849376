import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROCESS_NAME_MAX_LENGTH, validateProcessNames } from './name-rule';

describe('validateProcessNames', () => {
  it('accepts names up to 15 characters', () => {
    expect(PROCESS_NAME_MAX_LENGTH).toBe(15);
    expect(validateProcessNames({ nameNo: 'Produksjon', nameEn: 'Production' }, 'process')).toEqual({});
    expect(validateProcessNames({ nameNo: 'Æøåæøåæøåæøåæø', nameEn: 'x'.repeat(15) }, 'subProcess')).toEqual(
      {},
    );
  });

  it('requires both names of a process', () => {
    expect(validateProcessNames({ nameNo: '', nameEn: '  ' }, 'process')).toEqual({
      nameNo: 'validation.norwegianNameRequired',
      nameEn: 'validation.englishNameRequired',
    });
  });

  it('requires both names of a sub-process, with its own messages', () => {
    expect(validateProcessNames({ nameNo: '\t', nameEn: '' }, 'subProcess')).toEqual({
      nameNo: 'validation.subProcessNorwegianNameRequired',
      nameEn: 'validation.subProcessEnglishNameRequired',
    });
  });

  it('rejects names longer than 15 characters', () => {
    expect(validateProcessNames({ nameNo: 'x'.repeat(16), nameEn: 'Montage' }, 'process')).toEqual({
      nameNo: 'validation.nameTooLong',
    });
    expect(validateProcessNames({ nameNo: 'Montasje', nameEn: 'y'.repeat(16) }, 'subProcess')).toEqual({
      nameEn: 'validation.nameTooLong',
    });
  });

  it('ignores surrounding spaces and counts characters, not UTF-16 units', () => {
    expect(
      validateProcessNames({ nameNo: `  ${'x'.repeat(15)}  `, nameEn: '🚪'.repeat(15) }, 'process'),
    ).toEqual({});
  });

  it('flags a field exactly when it is blank or too long', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.string({ maxLength: 30 }), (nameNo, nameEn) => {
        const errors = validateProcessNames({ nameNo, nameEn }, 'process');
        for (const [field, value] of [
          ['nameNo', nameNo],
          ['nameEn', nameEn],
        ] as const) {
          const length = [...value.trim()].length;
          expect(field in errors).toBe(length === 0 || length > PROCESS_NAME_MAX_LENGTH);
        }
      }),
    );
  });
});
