import path from 'node:path';

/** The people the journeys sign in as; each journey has its own, so journeys can run in parallel. */
export const E2E_PASSWORD = 'e2e-journey-password';
export const DEMO_PASSWORD = 'karm-demo';

export const E2E_USERS = {
  login: 'e2e-login',
  loginKeyboard: 'e2e-login-keyboard',
  logout: 'e2e-logout',
  language: 'e2e-language',
  languageReload: 'e2e-language-reload',
  reset: 'e2e-reset',
  revoke: 'e2e-revoke',
  routesEn: 'e2e-routes-en',
  routesNb: 'e2e-routes-nb',
  guard: 'e2e-guard',
  reload: 'e2e-reload',
  shell: 'e2e-shell',
  profile: 'e2e-profile',
  customers: 'e2e-customers',
  customersSecond: 'e2e-customers-second',
  projects: 'e2e-projects',
  projectsSecond: 'e2e-projects-second',
  process: 'e2e-process',
  processSecond: 'e2e-process-second',
  pipeline: 'e2e-pipeline',
  pipelineNb: 'e2e-pipeline-nb',
  company: 'e2e-company',
} as const;

export const DEMO_ADMIN = 'admin';
/** Administrators of the demo company, one per journey that needs one. */
export const E2E_ADMINS = {
  accounting: 'e2e-admin-accounting',
  norwegian: 'e2e-admin-nb',
  shell: 'e2e-admin-shell',
  pipeline: 'e2e-admin-pipeline',
  company: 'e2e-admin-company',
} as const;

/** The demo user who belongs to both demo companies. */
export const DEMO_TWO_COMPANY_USER = 'kari';

export const E2E_PORT = Number(process.env.KARM_E2E_PORT ?? 3199);
/** The journeys' server keeps its database and received mail here (see run-environment.ts). */
export const E2E_DATA_DIR = process.env.KARM_E2E_DATA_DIR ?? path.resolve(import.meta.dirname, '../.data');
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
