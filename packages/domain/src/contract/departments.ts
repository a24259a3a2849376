import { z } from 'zod';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '../rules/validation-messages';
import { socketEvent } from './define';

/**
 * Departments of projects (and of employees), managed in the admin tab "projects". A company with an
 * accounting system gets its departments from there (they are read-only in Karm: the next sync would
 * overwrite a change); any company may add departments of its own, rename, deactivate and delete
 * them. A department in use — by a project, an employee or the company's service settings — cannot
 * be deleted, only deactivated, so history keeps its name. Forms read the active ones through
 * `project_department:get`.
 */
export const DEPARTMENT_LIMITS = { nameLength: 100, numberLength: 20, departments: 500 } as const;

const name = z
  .string()
  .trim()
  .min(1, MESSAGES.required)
  .max(
    DEPARTMENT_LIMITS.nameLength,
    messageWithParams(MESSAGES.tooLong, { max: DEPARTMENT_LIMITS.nameLength }),
  );
const departmentNumber = z
  .string()
  .trim()
  .max(
    DEPARTMENT_LIMITS.numberLength,
    messageWithParams(MESSAGES.tooLong, { max: DEPARTMENT_LIMITS.numberLength }),
  );

export type DepartmentAdminDto = {
  id: string;
  name: string;
  departmentNumber: string;
  isActive: boolean;
  /** Kept by the accounting system: read-only here. */
  fromAccounting: boolean;
  /** Projects, employees and company settings that point at it; over 0, it can only be deactivated. */
  usage: number;
  version: number;
};

export const departmentAddSchema = z.object({ name, departmentNumber: departmentNumber.default('') });

export const departmentUpdateSchema = z.object({
  id: z.uuid(),
  version: z.number().int().min(1),
  values: z
    .object({
      name: name.optional(),
      departmentNumber: departmentNumber.optional(),
      isActive: z.boolean().optional(),
    })
    .refine((values) => Object.values(values).some((value) => value !== undefined), MESSAGES.required),
});

export const departmentDeleteSchema = z.object({ id: z.uuid(), version: z.number().int().min(1) });

export const departmentEvents = {
  /** Every department of the company, inactive ones too, with usage — for the admin list. */
  'department:list': socketEvent<DepartmentAdminDto[]>()(z.unknown()),
  'department:add': socketEvent<DepartmentAdminDto[]>()(departmentAddSchema),
  'department:upd': socketEvent<DepartmentAdminDto[]>()(departmentUpdateSchema),
  'department:del': socketEvent<DepartmentAdminDto[]>()(departmentDeleteSchema),
};
