/**
 * Products and expenses (issue 19): the parts and hours a technician records on a service item, and a
 * project's list of them. The product choice itself is a shared component (`ProductSelect`).
 */
export { ExpenseForm } from './expense-form';
export { ProductsAdmin } from './products-admin';
export { ProjectExpenses } from './project-expenses';
export { ServiceItemExpenses } from './service-item-expenses';
