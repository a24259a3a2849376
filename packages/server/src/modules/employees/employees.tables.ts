import { boolean, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId, updatedAt, version } from '../../platform/db/columns';
import { companies } from '../company/company.tables';

const companyId = () =>
  uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

export const departments = pgTable(
  'departments',
  {
    id: primaryId(),
    companyId: companyId(),
    name: text('name').notNull(),
    departmentNumber: text('department_number').notNull().default(''),
    accountingId: text('accounting_id'),
    isInactive: boolean('is_inactive').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (table) => [uniqueIndex('departments_company_accounting_id_key').on(table.companyId, table.accountingId)],
);

export const employeeCategories = pgTable(
  'employee_categories',
  {
    id: primaryId(),
    companyId: companyId(),
    name: text('name').notNull(),
    number: text('number').notNull().default(''),
    accountingId: text('accounting_id'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('employee_categories_company_accounting_id_key').on(table.companyId, table.accountingId),
    uniqueIndex('employee_categories_company_name_key').on(table.companyId, table.name),
  ],
);

export const employees = pgTable(
  'employees',
  {
    id: primaryId(),
    companyId: companyId(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    displayName: text('display_name').notNull().default(''),
    email: text('email').notNull().default(''),
    phoneNumberMobile: text('phone_number_mobile').notNull().default(''),
    accountingId: text('accounting_id'),
    accountingVersion: integer('accounting_version'),
    employeeCategoryId: uuid('employee_category_id').references(() => employeeCategories.id, {
      onDelete: 'set null',
    }),
    departmentId: uuid('department_id').references(() => departments.id, { onDelete: 'set null' }),
    /** The resource planner's work group (produksjon, montasje, service, admin). */
    workGroup: text('work_group'),
    birthDate: date('birth_date', { mode: 'string' }),
    employmentDate: date('employment_date', { mode: 'string' }),
    isActive: boolean('is_active').notNull().default(true),
    /** The Karm user this employee signs in as, if any ("Mine" in the project list). */
    userId: uuid('user_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (table) => [
    uniqueIndex('employees_company_accounting_id_key').on(table.companyId, table.accountingId),
    index('employees_company_category_idx').on(table.companyId, table.employeeCategoryId),
    index('employees_company_user_idx').on(table.companyId, table.userId),
  ],
);
