import { afterEach, describe, expect, it, vi } from 'vitest';
import { preferredLocale, rememberLocale } from './locale-preference';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('locale preference', () => {
  it('gives back the language last chosen in this browser', () => {
    rememberLocale('nb');
    expect(preferredLocale()).toBe('nb');
  });

  it("falls back to the browser's language: Norwegian for nb, no and nn, else English", () => {
    vi.stubGlobal('navigator', { language: 'nn-NO' });
    expect(preferredLocale()).toBe('nb');
    vi.stubGlobal('navigator', { language: 'sv-SE' });
    expect(preferredLocale()).toBe('en');
  });

  it('ignores a stored value that is no language of Karm', () => {
    localStorage.setItem('karm.locale', 'xx');
    rememberLocale('de');
    vi.stubGlobal('navigator', { language: 'en-GB' });
    expect(preferredLocale()).toBe('en');
  });
});
