import enAdmin from './en/admin.json';
import enAuth from './en/auth.json';
import enCalculator from './en/calculator.json';
import enCommon from './en/common.json';
import enComponents from './en/components.json';
import enCustomers from './en/customers.json';
import enErrors from './en/errors.json';
import enInquiries from './en/inquiries.json';
import enNav from './en/nav.json';
import enOffers from './en/offers.json';
import enPipeline from './en/pipeline.json';
import enProcesses from './en/processes.json';
import enProjects from './en/projects.json';
import enScreens from './en/screens.json';
import enValidation from './en/validation.json';
import nbAdmin from './nb/admin.json';
import nbAuth from './nb/auth.json';
import nbCalculator from './nb/calculator.json';
import nbCommon from './nb/common.json';
import nbComponents from './nb/components.json';
import nbCustomers from './nb/customers.json';
import nbErrors from './nb/errors.json';
import nbInquiries from './nb/inquiries.json';
import nbNav from './nb/nav.json';
import nbOffers from './nb/offers.json';
import nbPipeline from './nb/pipeline.json';
import nbProcesses from './nb/processes.json';
import nbProjects from './nb/projects.json';
import nbScreens from './nb/screens.json';
import nbValidation from './nb/validation.json';

/** `en` is the default language and `nb` the fallback (SPEC §1). */
export const LOCALES = ['en', 'nb'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const FALLBACK_LOCALE: Locale = 'nb';

/** One JSON file per area and language; a test proves every language has the same keys. */
export const resources = {
  en: {
    common: enCommon,
    nav: enNav,
    auth: enAuth,
    errors: enErrors,
    validation: enValidation,
    components: enComponents,
    screens: enScreens,
    admin: enAdmin,
    customers: enCustomers,
    projects: enProjects,
    processes: enProcesses,
    pipeline: enPipeline,
    inquiries: enInquiries,
    calculator: enCalculator,
    offers: enOffers,
  },
  nb: {
    common: nbCommon,
    nav: nbNav,
    auth: nbAuth,
    errors: nbErrors,
    validation: nbValidation,
    components: nbComponents,
    screens: nbScreens,
    admin: nbAdmin,
    customers: nbCustomers,
    projects: nbProjects,
    processes: nbProcesses,
    pipeline: nbPipeline,
    inquiries: nbInquiries,
    calculator: nbCalculator,
    offers: nbOffers,
  },
} as const;

export type Namespace = keyof (typeof resources)['en'];
/** Every namespace, written out so that naming them loads no translations (a test checks the list). */
export const NAMESPACES = [
  'common',
  'nav',
  'auth',
  'errors',
  'validation',
  'components',
  'screens',
  'admin',
  'customers',
  'projects',
  'processes',
  'pipeline',
  'inquiries',
  'calculator',
  'offers',
] as const satisfies readonly Namespace[];
