import admin from './admin.json' with { type: 'json' };
import adminCommands from './adminCommands.json' with { type: 'json' };
import auth from './auth.json' with { type: 'json' };
import billing from './billing.json' with { type: 'json' };
import calculator from './calculator.json' with { type: 'json' };
import calendar from './calendar.json' with { type: 'json' };
import capacity from './capacity.json' with { type: 'json' };
import client from './client.json' with { type: 'json' };
import collections from './collections.json' with { type: 'json' };
import common from './common.json' with { type: 'json' };
import company from './company.json' with { type: 'json' };
import components from './components.json' with { type: 'json' };
import confirmations from './confirmations.json' with { type: 'json' };
import customers from './customers.json' with { type: 'json' };
import dashboard from './dashboard.json' with { type: 'json' };
import errors from './errors.json' with { type: 'json' };
import exportsNs from './exports.json' with { type: 'json' };
import files from './files.json' with { type: 'json' };
import help from './help.json' with { type: 'json' };
import inquiries from './inquiries.json' with { type: 'json' };
import invoices from './invoices.json' with { type: 'json' };
import jobs from './jobs.json' with { type: 'json' };
import messages from './messages.json' with { type: 'json' };
import nav from './nav.json' with { type: 'json' };
import offers from './offers.json' with { type: 'json' };
import pipeline from './pipeline.json' with { type: 'json' };
import planner from './planner.json' with { type: 'json' };
import processes from './processes.json' with { type: 'json' };
import products from './products.json' with { type: 'json' };
import profile from './profile.json' with { type: 'json' };
import projects from './projects.json' with { type: 'json' };
import quality from './quality.json' with { type: 'json' };
import reports from './reports.json' with { type: 'json' };
import screens from './screens.json' with { type: 'json' };
import security from './security.json' with { type: 'json' };
import serviceAgreements from './serviceAgreements.json' with { type: 'json' };
import serviceTemplates from './serviceTemplates.json' with { type: 'json' };
import serviceWork from './serviceWork.json' with { type: 'json' };
import subscriptions from './subscriptions.json' with { type: 'json' };
import tasks from './tasks.json' with { type: 'json' };
import users from './users.json' with { type: 'json' };
import validation from './validation.json' with { type: 'json' };
import webhooks from './webhooks.json' with { type: 'json' };

/** Every namespace of Norwegian (bokmål): one module, so that a browser can load a language at once. */
export const nb = {
  common,
  nav,
  auth,
  errors,
  validation,
  components,
  screens,
  admin,
  customers,
  dashboard,
  projects,
  quality,
  reports,
  processes,
  pipeline,
  inquiries,
  calculator,
  offers,
  company,
  users,
  security,
  help,
  profile,
  products,
  webhooks,
  files,
  jobs,
  collections,
  confirmations,
  adminCommands,
  billing,
  invoices,
  client,
  tasks,
  calendar,
  capacity,
  planner,
  serviceTemplates,
  exports: exportsNs,
  serviceWork,
  serviceAgreements,
  messages,
  subscriptions,
};
