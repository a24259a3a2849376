import { describe, expect, it } from 'vitest';
import { errorTextOf } from './error-text';
import { ApiError } from './http';
import { i18n } from './i18n';

describe('errorTextOf', () => {
  it("prefers the error's message key, in the user's language", async () => {
    const error = new ApiError({
      code: 'VALIDATION',
      message: 'Must be 9 characters',
      messageKey: 'validation.mustBe9Characters',
    });
    expect(errorTextOf(i18n, error)).toBe('Must be 9 characters');
    await i18n.changeLanguage('nb');
    try {
      expect(errorTextOf(i18n, error)).toBe(i18n.t('validation:mustBe9Characters'));
      expect(errorTextOf(i18n, error)).not.toBe('Must be 9 characters');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('fills in the parameters a message key carries', () => {
    const error = { code: 'VALIDATION', message: 'x', messageKey: 'validation.tooLong?max=200' } as const;
    expect(errorTextOf(i18n, error)).toBe('Too long: at most 200 characters');
  });

  it("falls back to the code's text, then to the server's English message", () => {
    expect(errorTextOf(i18n, { code: 'CONFLICT', message: 'The offer has been changed' })).toBe(
      i18n.t('errors:CONFLICT'),
    );
    expect(errorTextOf(i18n, { code: 'CONFLICT', message: 'x', messageKey: 'validation.noSuchKey' })).toBe(
      i18n.t('errors:CONFLICT'),
    );
    const unknownCode = { code: 'MYSTERY', message: 'Something odd' } as never;
    expect(errorTextOf(i18n, unknownCode)).toBe('Something odd');
  });
});
