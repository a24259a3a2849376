import { DEFAULT_LOCALE, isLocale, type Locale } from '@karm/domain/i18n';

/**
 * The interface language of this browser, kept in plain `localStorage` so that a full page load — the
 * login page, the 404 page, /print — paints in it at once. (The encrypted stores are read
 * asynchronously, after the first paint.) A language is not a secret, and it outlives a logout: the
 * next person at this browser most likely reads the same language.
 */
const STORAGE_KEY = 'karm.locale';

/** The stored language; without one, the browser's (Norwegian for nb, no and nn), else English. */
export const preferredLocale = (): Locale => {
  const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
  if (isLocale(stored)) return stored;
  const browser = globalThis.navigator?.language?.toLowerCase() ?? '';
  return /^(nb|no|nn)\b/.test(browser) ? 'nb' : DEFAULT_LOCALE;
};

export const rememberLocale = (locale: string) => {
  if (isLocale(locale)) globalThis.localStorage?.setItem(STORAGE_KEY, locale);
};
