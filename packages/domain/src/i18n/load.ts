import type { Locale, Namespace } from './index';

type Translations = Record<string, unknown>;
type Loader = () => Promise<{ default: Translations }>;

/**
 * Each language's namespaces as separate modules, loaded when asked for: a browser loads the few
 * its first screen needs with the page and the rest later, instead of every text of both languages.
 */
const LOADERS: Record<Locale, Record<Namespace, Loader>> = {
  en: {
    common: () => import('./en/common.json'),
    nav: () => import('./en/nav.json'),
    auth: () => import('./en/auth.json'),
    errors: () => import('./en/errors.json'),
    validation: () => import('./en/validation.json'),
    components: () => import('./en/components.json'),
    screens: () => import('./en/screens.json'),
    admin: () => import('./en/admin.json'),
    customers: () => import('./en/customers.json'),
    projects: () => import('./en/projects.json'),
    processes: () => import('./en/processes.json'),
    pipeline: () => import('./en/pipeline.json'),
    inquiries: () => import('./en/inquiries.json'),
    calculator: () => import('./en/calculator.json'),
    offers: () => import('./en/offers.json'),
  },
  nb: {
    common: () => import('./nb/common.json'),
    nav: () => import('./nb/nav.json'),
    auth: () => import('./nb/auth.json'),
    errors: () => import('./nb/errors.json'),
    validation: () => import('./nb/validation.json'),
    components: () => import('./nb/components.json'),
    screens: () => import('./nb/screens.json'),
    admin: () => import('./nb/admin.json'),
    customers: () => import('./nb/customers.json'),
    projects: () => import('./nb/projects.json'),
    processes: () => import('./nb/processes.json'),
    pipeline: () => import('./nb/pipeline.json'),
    inquiries: () => import('./nb/inquiries.json'),
    calculator: () => import('./nb/calculator.json'),
    offers: () => import('./nb/offers.json'),
  },
};

export const loadTranslations = async (locale: Locale, namespace: Namespace): Promise<Translations> =>
  (await LOADERS[locale][namespace]()).default;
