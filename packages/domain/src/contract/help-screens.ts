// No zod here: the web app's route table (on every page, /login too) names these without loading
// any schema of the contract.

/**
 * The screens a help text belongs to: the names of the signed-in routes of the web app's route table
 * (`packages/web/src/app/routes.ts`; a web test checks that the two lists agree). The week view of the
 * resource planner shares the planner's help; /login and /print have none.
 */
export const HELP_SCREENS = [
  'dashboard',
  'projectControl',
  'projects',
  'serviceProjects',
  'serviceDue',
  'serviceItem',
  'serviceLogbook',
  'convertDownload',
  'convertSubscriptions',
  'profile',
  'planner',
  'offer',
  'admin',
  'ServiceTemplate',
  'calendar',
  'logs',
  'capacity',
  'admincommands',
  'messages',
  'customer',
  'quality',
  'report',
  'tasks',
  'company',
  'service-project-details',
  'inquiries',
  'priceCalculator',
  'files',
] as const;
export type HelpScreen = (typeof HELP_SCREENS)[number];

export const isHelpScreen = (value: unknown): value is HelpScreen =>
  typeof value === 'string' && (HELP_SCREENS as readonly string[]).includes(value);
