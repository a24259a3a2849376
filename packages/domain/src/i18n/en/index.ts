import admin from './admin.json';
import auth from './auth.json';
import calculator from './calculator.json';
import common from './common.json';
import components from './components.json';
import customers from './customers.json';
import errors from './errors.json';
import inquiries from './inquiries.json';
import nav from './nav.json';
import offers from './offers.json';
import pipeline from './pipeline.json';
import processes from './processes.json';
import projects from './projects.json';
import screens from './screens.json';
import validation from './validation.json';

/** Every namespace of English: one module, so that a browser can load a language at once. */
export const en = {
  common,
  nav,
  auth,
  errors,
  validation,
  components,
  screens,
  admin,
  customers,
  projects,
  processes,
  pipeline,
  inquiries,
  calculator,
  offers,
};
