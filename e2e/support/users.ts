import path from 'node:path';
import type { Role } from '@karm/domain/contract';

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
  guard: 'e2e-guard',
  reload: 'e2e-reload',
  shell: 'e2e-shell',
  profile: 'e2e-profile',
  profileDisplay: 'e2e-profile-display',
  profileSessions: 'e2e-profile-sessions',
  profilePhone: 'e2e-profile-phone',
  customers: 'e2e-customers',
  customersSecond: 'e2e-customers-second',
  projects: 'e2e-projects',
  projectsSecond: 'e2e-projects-second',
  process: 'e2e-process',
  processSecond: 'e2e-process-second',
  pipeline: 'e2e-pipeline',
  pipelineNb: 'e2e-pipeline-nb',
  company: 'e2e-company',
  twoFactor: 'e2e-two-factor',
  twoFactorNb: 'e2e-two-factor-nb',
  help: 'e2e-help',
  releaseNotes: 'e2e-release-notes',
  logs: 'e2e-logs',
  files: 'e2e-files',
  filesNb: 'e2e-files-nb',
  /** Order confirmations from an offer, in each language. */
  confirmations: 'e2e-confirmations',
  confirmationsNb: 'e2e-confirmations-nb',
  /** Installs Karm as an app, and opens it without the server (the installable client journey). */
  installableClient: 'e2e-installable-client',
  installableClientNb: 'e2e-installable-client-nb',
  /** Exports the filtered project list as XLSX and CSV, in each language. */
  exports: 'e2e-exports',
  exportsNb: 'e2e-exports-nb',
} as const;

export const DEMO_ADMIN = 'admin';
/** Administrators of the demo company, one per journey that needs one. */
export const E2E_ADMINS = {
  accounting: 'e2e-admin-accounting',
  norwegian: 'e2e-admin-nb',
  shell: 'e2e-admin-shell',
  pipeline: 'e2e-admin-pipeline',
  company: 'e2e-admin-company',
  /** Administrator of a company of their own that requires two-factor sign-in (SECURED_COMPANY_NAME). */
  twoFactor: 'e2e-admin-two-factor',
  help: 'e2e-admin-help',
  /** Renames a project category in Norwegian (the collections journey). */
  collections: 'e2e-admin-collections',
  users: 'e2e-admin-users',
  webhooks: 'e2e-admin-webhooks',
  /** Makes an API token in the browser, calls the API with it and revokes it. */
  apiTokens: 'e2e-admin-api-tokens',
  usersNorwegian: 'e2e-admin-brukere',
  /** Every route's screen, in each language: only an administrator may open them all. */
  routesEn: 'e2e-admin-routes-en',
  routesNb: 'e2e-admin-routes-nb',
  /** Checks every route and the main dialogs with axe: English in light mode, Norwegian in dark. */
  accessibilityEn: 'e2e-admin-a11y-en',
  accessibilityNb: 'e2e-admin-a11y-nb',
  /** Prints a project, an offer and a filtered project list, in each language. */
  printEn: 'e2e-admin-print-en',
  printNb: 'e2e-admin-print-nb',
  logs: 'e2e-admin-logs',
  jobs: 'e2e-admin-jobs',
  /** Runs the admin commands (test e-mail) and switches to Norwegian. */
  adminCommands: 'e2e-admin-commands',
  /** Exports the demo company's data, downloads it and checks it. */
  exportData: 'e2e-admin-export',
  /** Adds payment terms and credit bands (the billing settings journey). */
  billing: 'e2e-admin-billing',
  /** Invoices the demo project's order squares (the invoices journey). */
  invoices: 'e2e-admin-invoices',
  /** Adds a project's own invoice plan and invoices its part (the invoice plan journey). */
  invoicePlan: 'e2e-admin-invoice-plan',
  /** Builds, reorders and copies service templates (the service templates journey), in English. */
  serviceTemplates: 'e2e-admin-service-templates',
  /** Opens the shipped EN 16005 template in Norwegian, on a desktop and a phone. */
  serviceTemplatesNb: 'e2e-admin-servicemaler',
  /** Administrator of TRIPLETEX_COMPANY_NAME: invoices a process milestone through Tripletex. */
  invoicesTripletex: 'e2e-admin-invoices-tripletex',
  /** Makes the service projects of the due-visit journey (a leader may not make projects). */
  serviceVisits: 'e2e-admin-service-visits',
  /** Adds and changes a product with its cost price and VAT rate (the products journey). */
  products: 'e2e-admin-products',
} as const;

/** The tasks journey's people in the demo company: a leader (in each language) and a technician. */
export const E2E_TASK_USERS = {
  leader: 'e2e-tasks-leader',
  leaderNb: 'e2e-tasks-leader-nb',
  technician: 'e2e-tasks-technician',
} as const;

/**
 * The quality journey's people in the demo company: a quality manager (administrator) in each
 * language, and a technician who reads procedures and handles a deviation.
 */
export const E2E_QUALITY_USERS = {
  manager: 'e2e-quality-manager',
  managerNb: 'e2e-quality-manager-nb',
  staff: 'e2e-quality-staff',
} as const;

/** The quality checklist journey's own technicians (one per language), in the demo company. */
export const E2E_CHECKLIST_USERS = { en: 'e2e-checklists-en', nb: 'e2e-checklists-nb' } as const;

/**
 * A company of its own for the capacity journey, so its figures are its own: an administrator and
 * three employees in work groups (CAPACITY_EMPLOYEES).
 */
export const CAPACITY_COMPANY_NAME = 'E2E Kapasitet AS';
export const E2E_CAPACITY_ADMIN = 'e2e-admin-capacity';
export const CAPACITY_EMPLOYEES = [
  { firstName: 'Astrid', lastName: 'Produksjon', workGroup: 'produksjon' },
  { firstName: 'Bjørn', lastName: 'Produksjon', workGroup: 'produksjon' },
  { firstName: 'Cecilie', lastName: 'Montasje', workGroup: 'montasje' },
] as const;

/**
 * A company of its own for the calendar journey, so its month holds only the journey's project:
 * an administrator in English and one in Norwegian.
 */
export const CALENDAR_COMPANY_NAME = 'E2E Kalender AS';
export const E2E_CALENDAR_ADMINS = { en: 'e2e-admin-calendar', nb: 'e2e-admin-calendar-nb' } as const;

/** One member of the demo company per role, for the journey that walks the app as each of them. */
export const E2E_ROLE_USERS = {
  admin: 'e2e-role-admin',
  office: 'e2e-role-office',
  leader: 'e2e-role-leader',
  technician: 'e2e-role-technician',
  readonly: 'e2e-role-readonly',
} as const satisfies Record<Role, string>;

/** The projects of the roles journey: one the technician manages, one the office user manages. */
export const E2E_ROLE_PROJECTS = {
  technician: 'Rolleveien montasje',
  office: 'Rolleveien kontorbygg',
} as const;

/** A company that requires two-factor sign-in of its administrators; only the journey's admin is in it. */
export const SECURED_COMPANY_NAME = 'E2E Sikret AS';

/** A company connected to the fake Tripletex from the start; only the Tripletex invoicing journey works in it. */
export const TRIPLETEX_COMPANY_NAME = 'E2E Faktura AS';

/**
 * The planner journeys work in a company of their own (PLANNER_COMPANY_NAME), so their bookings,
 * work groups and pushes meet no other journey's: leaders who book and watch, an administrator who
 * edits the work groups and makes projects, a leader who works in Norwegian.
 */
export const PLANNER_COMPANY_NAME = 'E2E Planlegging AS';
export const E2E_PLANNER_USERS = {
  leader: { username: 'e2e-planner-leader', role: 'leader' },
  watcher: { username: 'e2e-planner-watcher', role: 'leader' },
  admin: { username: 'e2e-planner-admin', role: 'admin' },
  norwegian: { username: 'e2e-planner-nb', role: 'leader' },
  /** Books by keyboard alone (the accessibility journey). */
  keyboard: { username: 'e2e-planner-keyboard', role: 'leader' },
} as const satisfies Record<string, { username: string; role: Role }>;

/** The planner company's employees, each journey its own, in the default work groups. */
export const E2E_PLANNER_EMPLOYEES = [
  { name: 'Anne Booking', workGroup: 'montasje' },
  { name: 'Bjørn Booking', workGroup: 'montasje' },
  { name: 'Olav Overbook', workGroup: 'produksjon' },
  { name: 'Petra Pushoff', workGroup: 'produksjon' },
  { name: 'Rita Reload', workGroup: 'service' },
  { name: 'Mona Mover', workGroup: 'produksjon' },
  { name: 'Nils Norsk', workGroup: 'montasje' },
  { name: 'Randi Remove', workGroup: 'service' },
  { name: 'Tor Touch', workGroup: 'admin' },
  { name: 'Kari Keyboard', workGroup: 'montasje' },
] as const;

/**
 * The messages journeys work in a company of their own (MESSAGES_COMPANY_NAME), so the messages they
 * send, read and delete meet no other journey's: a sender and a reader in each language, and an
 * administrator who looks at who has read what.
 */
export const MESSAGES_COMPANY_NAME = 'E2E Meldinger AS';
export const E2E_MESSAGE_USERS = {
  sender: { username: 'e2e-messages-sender', role: 'office' },
  reader: { username: 'e2e-messages-reader', role: 'technician' },
  admin: { username: 'e2e-messages-admin', role: 'admin' },
  senderNb: { username: 'e2e-messages-sender-nb', role: 'leader' },
  readerNb: { username: 'e2e-messages-reader-nb', role: 'office' },
} as const satisfies Record<string, { username: string; role: Role }>;

/**
 * The subscriptions journeys work in a company of their own (SUBSCRIPTIONS_COMPANY_NAME): in each
 * language a leader who plans and gives tasks, and a technician (an employee) who subscribes.
 */
export const SUBSCRIPTIONS_COMPANY_NAME = 'E2E Abonnement AS';
export const E2E_SUBSCRIPTION_USERS = {
  en: { leader: 'e2e-subs-leader', technician: 'e2e-subs-tech' },
  nb: { leader: 'e2e-subs-leader-nb', technician: 'e2e-subs-tech-nb' },
  /** The Web Push journey's (push.spec.ts). */
  push: { leader: 'e2e-subs-leader-push', technician: 'e2e-subs-tech-push' },
} as const;

/** The demo user who belongs to both demo companies. */
export const DEMO_TWO_COMPANY_USER = 'kari';

export const E2E_PORT = Number(process.env.KARM_E2E_PORT ?? 3199);
/** The journeys' server keeps its database and received mail here (see run-environment.ts). */
export const E2E_DATA_DIR = process.env.KARM_E2E_DATA_DIR ?? path.resolve(import.meta.dirname, '../.data');
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The fake Tripletex the journeys' server talks to; a journey registers a payment there as an accountant would. */
export const E2E_TRIPLETEX_PORT = Number(process.env.KARM_E2E_TRIPLETEX_PORT ?? E2E_PORT + 1);
export const E2E_TRIPLETEX_URL = `http://127.0.0.1:${E2E_TRIPLETEX_PORT}/v2`;

/**
 * The dashboard journey works in a company of its own, so its figures count only what it seeds:
 * an administrator in English and one in Norwegian (the same company, so both see the same counts).
 */
export const DASHBOARD_COMPANY_NAME = 'E2E Dashbord AS';
export const E2E_DASHBOARD_USERS = {
  admin: 'e2e-dashboard-admin',
  adminNb: 'e2e-dashboard-admin-nb',
} as const;
/** The reports journey: a company of its own, so its figures count only what the journey makes. */
export const REPORTS_COMPANY_NAME = 'E2E Rapporter AS';
export const E2E_REPORT_USERS = {
  admin: 'e2e-reports-admin',
  adminNb: 'e2e-reports-admin-nb',
} as const;
/** The service work journey: a leader per language, each with a service project of their own in the demo company. */
export const E2E_SERVICE_WORK_USERS = {
  leader: 'e2e-service-leader',
  leaderNb: 'e2e-service-leader-nb',
} as const;
/** The answering journey's technicians, each with a service project of their own. */
export const E2E_SERVICE_ANSWER_USERS = {
  technician: 'e2e-service-tech',
  technicianNb: 'e2e-service-tech-nb',
} as const;
export const E2E_SERVICE_ANSWER_PROJECTS = {
  technician: 'E2E Servicesjekk Storo',
  technicianNb: 'E2E Servicesjekk Økern',
} as const;
/** The parts and hours journey: a technician per language with a service project, and the administrator who plans its invoicing. */
export const E2E_EXPENSE_USERS = {
  technician: 'e2e-expense-tech',
  technicianNb: 'e2e-expense-tech-nb',
} as const;
export const E2E_EXPENSE_ADMIN = 'e2e-expense-admin';
export const E2E_EXPENSE_PROJECTS = {
  technician: 'E2E Deler og timer Storo',
  technicianNb: 'E2E Deler og timer Økern',
} as const;
/** The service report journey's technicians, each managing a service project of their own. */
export const E2E_SERVICE_REPORT_USERS = {
  technician: 'e2e-report-tech',
  technicianNb: 'e2e-report-tech-nb',
} as const;
export const E2E_SERVICE_REPORT_PROJECTS = {
  technician: 'E2E Servicerapport Storo',
  technicianNb: 'E2E Servicerapport Økern',
} as const;
export const E2E_SERVICE_WORK_PROJECTS = {
  leader: 'E2E Servicekart Storo',
  leaderNb: 'E2E Servicekart Økern',
} as const;
/** The service agreement journey: a leader per language, each with a service project of their own. */
export const E2E_SERVICE_AGREEMENT_USERS = {
  leader: 'e2e-agreement-leader',
  leaderNb: 'e2e-agreement-leader-nb',
} as const;
export const E2E_SERVICE_AGREEMENT_PROJECTS = {
  leader: 'E2E Serviceavtale Lillestrøm',
  leaderNb: 'E2E Serviceavtale Sandvika',
} as const;

/** The service assignment journey (issue 19): a service leader per language, each with a service worker of their own. */
export const E2E_SERVICE_DISPATCH_USERS = {
  leader: 'e2e-dispatch-leader',
  leaderNb: 'e2e-dispatch-leader-nb',
} as const;
/** Service workers (in the demo company's service employee category, work group service), one per journey. */
export const E2E_SERVICE_DISPATCH_WORKERS = {
  leader: { firstName: 'Dispatch', lastName: 'Servicetekniker' },
  leaderNb: { firstName: 'Utkalling', lastName: 'Servicetekniker' },
} as const;
/** The service projects the service assignment journey reports its emergency doors on. */
export const E2E_SERVICE_DISPATCH_PROJECTS = {
  leader: 'E2E Utkalling Storo',
  leaderNb: 'E2E Utkalling Økern',
} as const;
