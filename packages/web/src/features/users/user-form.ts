import type { EmployeeDto, Role, UserAdminDto, UserType } from '@karm/domain/contract';
import type { Locale } from '@karm/domain/i18n';

/** What the admin form edits (SPEC §3: the admin form's fields, the role and the employee they are). */
export type UserFormValues = {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  comments: string;
  dateOfBirth: string | null;
  dateOfEmployment: string | null;
  userType: UserType;
  role: Role;
  employeeId: string | null;
  /** Typed on creation (unless invited); on an existing user, a new password or empty to keep theirs. */
  password: string;
  /** Creation only: invite by e-mail instead of typing a password, in their language. */
  isInvitation: boolean;
  locale: Locale;
  /** An existing user's id and the version the form was read at (creation ignores them). */
  id: string;
  version: number;
};

export const newUserValues = (locale: Locale): UserFormValues => ({
  username: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  comments: '',
  dateOfBirth: null,
  dateOfEmployment: null,
  userType: 'employee',
  role: 'technician',
  employeeId: null,
  password: '',
  isInvitation: true,
  locale,
  id: '',
  version: 0,
});

export const formValuesOf = (user: UserAdminDto): UserFormValues => ({
  username: user.username,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email ?? '',
  phone: user.phone ?? '',
  comments: user.comments ?? '',
  dateOfBirth: user.dateOfBirth,
  dateOfEmployment: user.dateOfEmployment,
  userType: user.userType as UserType,
  role: user.role,
  employeeId: user.employee?.id ?? null,
  password: '',
  isInvitation: false,
  locale: user.locale ?? 'en',
  id: user.id,
  version: user.version,
});

/**
 * Picking the employee a new user is fills in what the employee record already knows (from the
 * accounting system, when one is connected), without overwriting anything typed.
 */
export const valuesFromEmployee = (
  values: UserFormValues,
  employee: EmployeeDto,
): Partial<UserFormValues> => {
  const filled: Partial<UserFormValues> = {};
  const fill = <Field extends keyof UserFormValues>(field: Field, value: UserFormValues[Field] | '') => {
    if (!values[field] && value) filled[field] = value as UserFormValues[Field];
  };
  fill('firstName', employee.firstName);
  fill('lastName', employee.lastName);
  fill('email', employee.email);
  fill('phone', employee.phoneNumberMobile);
  fill('dateOfBirth', employee.birthDate);
  fill('dateOfEmployment', employee.employmentDate);
  return filled;
};
