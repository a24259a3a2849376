import { DEFAULT_LOCALE, FALLBACK_LOCALE, type Locale, NAMESPACES, resources } from '@karm/domain/i18n';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

void i18n.use(initReactI18next).init({
  resources,
  lng: DEFAULT_LOCALE,
  fallbackLng: FALLBACK_LOCALE,
  ns: NAMESPACES,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export const changeLocale = (locale: Locale) => i18n.changeLanguage(locale);

export { i18n };
