import { en } from './en';
import { nb } from './nb';

/** `en` is the default language and `nb` the fallback (SPEC §1). */
export const LOCALES = ['en', 'nb'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const FALLBACK_LOCALE: Locale = 'nb';

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/** A language code as one of Karm's languages: itself when it is one, else the default. */
export const localeOrDefault = (value: unknown): Locale => (isLocale(value) ? value : DEFAULT_LOCALE);

/** One JSON file per area and language; a test proves every language has the same keys. */
export const resources = { en, nb } as const;

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
  'company',
  'users',
  'security',
  'help',
  'profile',
  'webhooks',
  'files',
  'jobs',
  'collections',
  'confirmations',
  'adminCommands',
  'billing',
  'invoices',
  'client',
  'tasks',
  'calendar',
  'capacity',
  'planner',
  'serviceTemplates',
  'messages',
  'dashboard',
  'exports',
  'quality',
  'reports',
  'serviceWork',
  'serviceAgreements',
  'products',
  'subscriptions',
] as const satisfies readonly Namespace[];
