import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isEmployedBeforeBorn, isValidUsername } from './user-account';

describe('isValidUsername', () => {
  it.each(['ola', 'kari.kontor', 'per_hansen', 'e2e-admin-nb', 'Ærlig', 'øystein2'])('accepts %s', (name) => {
    expect(isValidUsername(name)).toBe(true);
  });

  it.each([
    ['too short', 'a'],
    ['too long', 'a'.repeat(51)],
    ['a space', 'ola nordmann'],
    ['an @ (it would look like an e-mail address)', 'ola@firma.no'],
    ['a slash', 'ola/per'],
    ['empty', ''],
  ])('refuses %s', (_why, name) => {
    expect(isValidUsername(name)).toBe(false);
  });

  it('never accepts a name with an @ in it', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, after) => !isValidUsername(`${before}@${after}`)),
    );
  });
});

describe('isEmployedBeforeBorn', () => {
  it('is true only when employment comes before birth', () => {
    expect(isEmployedBeforeBorn('1990-05-01', '1990-04-30')).toBe(true);
    expect(isEmployedBeforeBorn('1990-05-01', '1990-05-01')).toBe(false);
    expect(isEmployedBeforeBorn('1990-05-01', '2015-01-01')).toBe(false);
  });

  it('has nothing to compare when a date is missing', () => {
    expect(isEmployedBeforeBorn(null, '1990-01-01')).toBe(false);
    expect(isEmployedBeforeBorn('1990-01-01', undefined)).toBe(false);
  });

  it('compares calendar order, across years and months', () => {
    const day = fc
      .date({ min: new Date('1900-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        day,
        day,
        (birth, employment) =>
          isEmployedBeforeBorn(birth, employment) ===
          new Date(employment).getTime() < new Date(birth).getTime(),
      ),
    );
  });
});
