import type { Locale, Namespace } from './index';

/**
 * One language's texts as a module of its own, loaded when asked for: a browser loads the few
 * namespaces its first screen needs with the page and a language's others in one go later, instead
 * of every text of both languages up front.
 */
const LANGUAGES = {
  en: () => import('./en').then((module) => module.en),
  nb: () => import('./nb').then((module) => module.nb),
} satisfies Record<Locale, () => Promise<Record<Namespace, unknown>>>;

export const loadTranslations = async (locale: Locale, namespace: Namespace) =>
  (await LANGUAGES[locale]())[namespace] as Record<string, unknown>;
