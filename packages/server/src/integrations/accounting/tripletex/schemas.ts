import { z } from 'zod';
import { AccountingError } from '../port';

/**
 * The Tripletex JSON Karm reads, parsed leniently: unset text comes back as "" (or, from some
 * endpoints, null or absent), so every text field lands as a string and every flag as a boolean.
 * Each `*_FIELDS` constant is the `fields=` selection that makes Tripletex send what its schema reads;
 * without it nested objects arrive as bare `{id, url}` references.
 */
const text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (value == null ? '' : String(value)));
const flag = z
  .boolean()
  .nullish()
  .transform((value) => value ?? false);
const id = z.union([z.number(), z.string().min(1)]).transform(String);
const version = z
  .number()
  .nullish()
  .transform((value) => value ?? 0);
const ref = z
  .object({ id: id.nullish() })
  .nullish()
  .transform((value) => value?.id ?? null);
// Tripletex numbers customers and suppliers from 1; 0 or null means "has none".
const optionalNumber = z
  .number()
  .nullish()
  .transform((value) => (value ? value : null));
const date = z
  .string()
  .nullish()
  .transform((value) => (value ? value.slice(0, 10) : null));

const address = z
  .object({
    id: id.nullish(),
    addressLine1: text,
    addressLine2: text,
    postalCode: text,
    city: text,
    country: z.object({ isoAlpha2Code: text }).nullish(),
  })
  .nullish();

const ADDRESS_FIELDS = 'id,addressLine1,addressLine2,postalCode,city,country(id,isoAlpha2Code)';

export const CUSTOMER_FIELDS = [
  'id,version,name,organizationNumber,customerNumber,supplierNumber,isSupplier,isPrivateIndividual,isInactive',
  'email,invoiceEmail,phoneNumber,phoneNumberMobile,invoiceSendMethod',
  `postalAddress(${ADDRESS_FIELDS}),physicalAddress(${ADDRESS_FIELDS})`,
].join(',');

export const customerSchema = z.object({
  id,
  version,
  name: text,
  organizationNumber: text,
  customerNumber: optionalNumber,
  supplierNumber: optionalNumber,
  isSupplier: flag,
  isPrivateIndividual: flag,
  isInactive: flag,
  email: text,
  invoiceEmail: text,
  phoneNumber: text,
  phoneNumberMobile: text,
  invoiceSendMethod: text,
  postalAddress: address,
  physicalAddress: address,
});
export type TripletexCustomer = z.output<typeof customerSchema>;
export type TripletexAddress = NonNullable<z.output<typeof address>>;

export const CONTACT_FIELDS =
  'id,version,firstName,lastName,email,phoneNumberMobile,phoneNumberWork,isInactive,customer(id)';
export const contactSchema = z.object({
  id,
  version,
  firstName: text,
  lastName: text,
  email: text,
  phoneNumberMobile: text,
  phoneNumberWork: text,
  isInactive: flag,
  customer: ref,
});
export type TripletexContact = z.output<typeof contactSchema>;

export const EMPLOYEE_FIELDS = [
  'id,version,firstName,lastName,displayName,employeeNumber,email,phoneNumberMobile,dateOfBirth',
  'department(id),employeeCategory(id),employments(startDate)',
].join(',');
export const employeeSchema = z.object({
  id,
  version,
  firstName: text,
  lastName: text,
  displayName: text,
  employeeNumber: text,
  email: text,
  phoneNumberMobile: text,
  dateOfBirth: date,
  department: ref,
  employeeCategory: ref,
  employments: z.array(z.object({ startDate: date })).nullish(),
});
export type TripletexEmployee = z.output<typeof employeeSchema>;

export const CATEGORY_FIELDS = 'id,name,number';
export const categorySchema = z.object({ id, name: text, number: text });

export const DEPARTMENT_FIELDS = 'id,version,name,departmentNumber,isInactive';
export const departmentSchema = z.object({
  id,
  version,
  name: text,
  departmentNumber: text,
  isInactive: flag,
});

export const WHO_AM_I_FIELDS = '*,company(*),employee(*)';
export const whoAmISchema = z.object({
  company: z.object({ name: text }).nullish(),
  employee: z.object({ firstName: text, lastName: text, displayName: text }).nullish(),
});

export const valueEnvelope = <T extends z.ZodType>(schema: T) => z.object({ value: schema });
export const listEnvelope = <T extends z.ZodType>(schema: T) => z.object({ values: z.array(schema) });

/**
 * An answer Karm cannot read is treated like no answer ('unreachable'): nothing was learned, and the
 * sync engine tries again later rather than acting on half a record.
 */
export const parseAnswer = <T extends z.ZodType>(schema: T, body: unknown, what: string): z.output<T> => {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw new AccountingError(
    'unreachable',
    `Tripletex sent an unreadable ${what}: ${parsed.error.issues[0]?.message}`,
  );
};
