/** Every table, gathered for Drizzle's typed client and drizzle-kit's migration generator. */

export * from '../../integrations/accounting/accounting.tables';
export * from '../../modules/admin-commands/admin-commands.tables';
export * from '../../modules/auth/auth.tables';
export * from '../../modules/auth/two-factor.tables';
export * from '../../modules/billing-settings/billing-settings.tables';
export * from '../../modules/collections/collections.tables';
export * from '../../modules/company/company.tables';
export * from '../../modules/confirmations/confirmations.tables';
export * from '../../modules/customers/customers.tables';
export * from '../../modules/employees/employees.tables';
export * from '../../modules/files/files.tables';
export * from '../../modules/help/help.tables';
export * from '../../modules/inquiries/inquiries.tables';
export * from '../../modules/invoices/invoices.tables';
export * from '../../modules/logs/logs.tables';
export * from '../../modules/offers/offers.tables';
export * from '../../modules/planner/planner.tables';
export * from '../../modules/price-calculator/price-calculator.tables';
export * from '../../modules/processes/processes.tables';
export * from '../../modules/projects/projects.tables';
export * from '../../modules/tasks/tasks.tables';
export * from '../../modules/users/users.tables';
export * from '../../modules/webhooks/webhooks.tables';
export * from '../jobs/jobs.tables';
export * from '../mail/outbox.tables';
export * from './number-sequences';
