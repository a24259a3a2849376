/** Reports (SPEC §1 "reports", §2 `/report` and the pie chart dialog; issue 17). */

export type { ReportLinks } from './report-links';
export { ReportsPage } from './reports-page';
