import { FALLBACK_LOCALE, type Locale, NAMESPACES, type Namespace } from '@karm/domain/i18n';
import enAuth from '@karm/domain/i18n/en/auth.json' with { type: 'json' };
import enCommon from '@karm/domain/i18n/en/common.json' with { type: 'json' };
import enComponents from '@karm/domain/i18n/en/components.json' with { type: 'json' };
import enErrors from '@karm/domain/i18n/en/errors.json' with { type: 'json' };
import enValidation from '@karm/domain/i18n/en/validation.json' with { type: 'json' };
import { loadTranslations } from '@karm/domain/i18n/load';
import nbAuth from '@karm/domain/i18n/nb/auth.json' with { type: 'json' };
import nbCommon from '@karm/domain/i18n/nb/common.json' with { type: 'json' };
import nbComponents from '@karm/domain/i18n/nb/components.json' with { type: 'json' };
import nbErrors from '@karm/domain/i18n/nb/errors.json' with { type: 'json' };
import nbValidation from '@karm/domain/i18n/nb/validation.json' with { type: 'json' };
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { preferredLocale, rememberLocale } from './locale-preference';
import { SIGN_IN_NAMESPACES } from './sign-in-namespaces';

/**
 * The namespaces the sign-in page needs come with the page, in both languages (so that i18next is
 * ready at once); the others are loaded when first needed — the signed-in app loads them all with
 * its code (`loadAllTranslations`) — so that /login does not carry every text of the app.
 */
const translationLoader: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, namespace, callback) => {
    loadTranslations(language as Locale, namespace as Namespace).then(
      (translations) => callback(null, translations),
      (error: Error) => callback(error, false),
    );
  },
};

/** `<html lang>` follows the interface language (screen readers, hyphenation, spell checking). */
i18n.on('languageChanged', (language) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  rememberLocale(language);
});

void i18n
  .use(translationLoader)
  .use(initReactI18next)
  .init({
    resources: {
      en: {
        common: enCommon,
        auth: enAuth,
        errors: enErrors,
        validation: enValidation,
        components: enComponents,
      },
      nb: {
        common: nbCommon,
        auth: nbAuth,
        errors: nbErrors,
        validation: nbValidation,
        components: nbComponents,
      },
    },
    partialBundledLanguages: true,
    // The language is known before the first paint of any route, signed in or not.
    lng: preferredLocale(),
    fallbackLng: FALLBACK_LOCALE,
    ns: [...SIGN_IN_NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });

/** Loads every namespace of the current (and fallback) language; the signed-in app awaits it. */
export const loadAllTranslations = () => i18n.loadNamespaces([...NAMESPACES]);

export const changeLocale = (locale: Locale) => i18n.changeLanguage(locale);

export { i18n };
