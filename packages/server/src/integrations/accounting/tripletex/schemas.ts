import { z } from 'zod';
import { AccountingError } from '../port';
import { MAX_NOK } from './money';

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
  'email,invoiceEmail,phoneNumber,phoneNumberMobile,invoiceSendMethod,invoicesDueIn',
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
  // 0 days is a real term (prepayment), so not `optionalNumber`, which reads 0 as unset.
  invoicesDueIn: z
    .number()
    .int()
    .nullish()
    .transform((value) => value ?? null),
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

export const PRODUCT_FIELDS =
  'id,version,name,number,priceExcludingVatCurrency,costExcludingVatCurrency,isInactive,isStockItem,productUnit(name),vatType(percentage)';
const productAmount = z
  .number()
  .refine((value) => Math.abs(value) <= MAX_NOK, 'Amount out of range')
  .nullish()
  .transform((value) => value ?? 0);
export const productSchema = z.object({
  id,
  version,
  name: text,
  number: text,
  priceExcludingVatCurrency: productAmount,
  costExcludingVatCurrency: productAmount,
  vatType: z
    .object({ percentage: z.number().nullish() })
    .nullish()
    .transform((value) => value?.percentage ?? null),
  isInactive: flag,
  isStockItem: flag,
  productUnit: z
    .object({ name: text })
    .nullish()
    .transform((value) => value?.name ?? ''),
});

// Required by Tripletex's own schema (a project's manager, an order's customer and dates): an answer
// without them is not one Karm can act on, so it is unreadable rather than guessed at.
const requiredRef = z.object({ id }).transform((value) => value.id);
const requiredDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}/)
  .transform((value) => value.slice(0, 10));
// Amounts and counts as Tripletex sends them (NOK with decimals); the mappers turn NOK into øre.
const decimal = z
  .number()
  .nullish()
  .transform((value) => value ?? 0);
const nok = z
  .number()
  .refine((value) => Math.abs(value) <= MAX_NOK, 'Amount out of range')
  .nullish()
  .transform((value) => value ?? 0);

export const PROJECT_FIELDS = [
  'id,version,name,number,description,startDate,endDate,isClosed,isInternal',
  'projectManager(id),customer(id),department(id)',
].join(',');
export const projectSchema = z.object({
  id,
  version,
  name: text,
  number: text,
  description: text,
  startDate: requiredDate,
  endDate: date,
  isClosed: flag,
  isInternal: flag,
  projectManager: requiredRef,
  customer: ref,
  department: ref,
});
export type TripletexProject = z.output<typeof projectSchema>;

/** Everything of the order and of its lines; references arrive as `{id, url}`. */
export const ORDER_FIELDS = '*,orderLines(*)';
const orderLineSchema = z.object({
  id,
  description: text,
  count: decimal,
  unitPriceExcludingVatCurrency: nok,
  discount: decimal,
  vatType: ref,
  amountExcludingVatCurrency: nok,
});
export const orderSchema = z.object({
  id,
  version,
  number: text,
  customer: requiredRef,
  project: ref,
  orderDate: requiredDate,
  deliveryDate: requiredDate,
  reference: text,
  invoiceComment: text,
  orderLines: z
    .array(orderLineSchema)
    .nullish()
    .transform((value) => value ?? []),
});
export type TripletexOrder = z.output<typeof orderSchema>;
export type TripletexOrderLine = z.output<typeof orderLineSchema>;

/** An order's attached documents, and nothing else of it (to recognise one attached before a lost answer). */
export const ORDER_ATTACHMENT_FIELDS = 'attachment(id,fileName)';
/** A document as an order's `attachment` lists it, and as `/order/{id}/:attach` answers it. */
export const documentSchema = z.object({ id, fileName: text });
export const orderAttachmentsSchema = z.object({
  attachment: z
    .array(documentSchema)
    .nullish()
    .transform((value) => value ?? []),
});

export const INVOICE_FIELDS = [
  'id,version,invoiceNumber,invoiceDate,invoiceDueDate,amount,amountOutstanding,isCreditNote,isCharged',
  'isCredited,creditedInvoice,customer(id),orders(id)',
].join(',');
export const invoiceSchema = z.object({
  id,
  version,
  invoiceNumber: z.number().int(),
  invoiceDate: requiredDate,
  invoiceDueDate: requiredDate,
  amount: nok,
  amountOutstanding: nok,
  isCreditNote: flag,
  isCharged: flag,
  isCredited: flag,
  // An invoice id (a number, not a reference); 0 or absent on invoices that credit nothing.
  creditedInvoice: optionalNumber.transform((value) => (value === null ? null : String(value))),
  customer: requiredRef,
  orders: z
    .array(z.object({ id }))
    .nullish()
    .transform((value) => (value ?? []).map((order) => order.id)),
});
export type TripletexInvoice = z.output<typeof invoiceSchema>;

export const WHO_AM_I_FIELDS = '*,company(*),employee(*)';
export const whoAmISchema = z.object({
  company: z.object({ name: text }).nullish(),
  employee: z.object({ firstName: text, lastName: text, displayName: text }).nullish(),
});

export const valueEnvelope = <T extends z.ZodType>(schema: T) => z.object({ value: schema });
export const listEnvelope = <T extends z.ZodType>(schema: T) => z.object({ values: z.array(schema) });

/** The id of the record a write answered with, to read it back with the `fields=` Karm needs. */
export const writtenId = (body: unknown, what: string) =>
  Number(parseAnswer(valueEnvelope(z.object({ id: z.number().int().positive() })), body, what).value.id);

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
