/** Reports (SPEC §1 "reports", §2 `/report` and the pie chart dialog; issue 17). */
export { ReportsPage } from './reports-page';
