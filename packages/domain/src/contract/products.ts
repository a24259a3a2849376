import { z } from 'zod';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '../rules/validation-messages';
import { dateOnlySchema } from './date-only';
import { socketEvent } from './define';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pageSchema } from './paging';
import { VAT_RATES } from './projects';

/**
 * Products and expenses (issue 19, SPEC §3 Product expense, §7 `product:get`, `/product/service`,
 * `/product/expense*`). A company connected to Tripletex takes its products from Tripletex's `/product`
 * (mirrored into Karm as they are read, so an expense points at a row of its own company and keeps its
 * name when the product changes there); a company without one keeps its products in Karm, created and
 * edited by an administrator. An expense is a part or the hours used on a visit: product, quantity,
 * unit price in øre, optionally the service item, date and who — carried to the project's invoice plan.
 */
export const PRODUCT_LIMITS = {
  name: 200,
  number: 50,
  unit: 20,
  search: 100,
  note: 500,
  /** 10 million NOK in øre: far above any part or hour, far below what an integer column holds. */
  priceOre: 1_000_000_000,
  quantity: 100_000,
} as const;

const name = z
  .string()
  .trim()
  .min(1, MESSAGES.required)
  .max(PRODUCT_LIMITS.name, messageWithParams(MESSAGES.tooLong, { max: PRODUCT_LIMITS.name }));
const shortText = (max: number) => z.string().trim().max(max, messageWithParams(MESSAGES.tooLong, { max }));
const priceOre = z
  .number()
  .int()
  .min(0, MESSAGES.priceNegative)
  .max(PRODUCT_LIMITS.priceOre, MESSAGES.priceTooHigh);
const version = z.coerce.number().int().positive();
/** The Norwegian output VAT rates an order line may carry (the same list as the lines). */
const vatPercent = z.union(
  VAT_RATES.map((rate) => z.literal(rate)),
  { error: MESSAGES.vatRate },
);

const productSourceSchema = z.enum(['karm', 'accounting']);
export type ProductSource = z.output<typeof productSourceSchema>;

export const productDtoSchema = z.object({
  id: z.string(),
  number: z.string(),
  name: z.string(),
  /** What one counts in: "stk", "timer"… (free text, as the accounting system's units). */
  unit: z.string(),
  /** Unit price excluding VAT, in øre. */
  priceOre: z.number(),
  /** What one costs the company excluding VAT, in øre (the order line's cost price; 0 when unknown). */
  costPriceOre: z.number(),
  /** The VAT rate it is sold at (0, 12, 15 or 25). */
  vatPercent: z.number(),
  /** Hours, call-out fees and the like (Tripletex: a product that is not a stock item). */
  isService: z.boolean(),
  isActive: z.boolean(),
  source: productSourceSchema,
  version: z.number(),
});
export type ProductDto = z.output<typeof productDtoSchema>;

/** A page of products; from the accounting system the total is known only up to the next page. */
export const productPageDtoSchema = pageSchema(productDtoSchema).extend({
  source: productSourceSchema,
  isTotalExact: z.boolean(),
});
export type ProductPageDto = z.output<typeof productPageDtoSchema>;

/** `product:get` and GET /product/service: a search in name and number, server-paged. */
export const productQuerySchema = z.object({
  search: shortText(PRODUCT_LIMITS.search).default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  /** Only service products (true), only goods (false), or both (absent). */
  isService: z.boolean().optional(),
  /** Inactive ones too (the admin list); forms choose among active ones. */
  includeInactive: z.boolean().default(false),
});
export type ProductQuery = z.input<typeof productQuerySchema>;

/** GET /product/service: the same search, service products only. */
export const serviceProductQuerySchema = productQuerySchema.omit({ isService: true, includeInactive: true });

const productFields = {
  name,
  number: shortText(PRODUCT_LIMITS.number).default(''),
  unit: shortText(PRODUCT_LIMITS.unit).default(''),
  priceOre,
  costPriceOre: priceOre.default(0),
  vatPercent: vatPercent.default(25),
  isService: z.boolean().default(false),
};

/** `product:add`: a product kept in Karm (refused while an accounting system keeps them). */
export const productAddSchema = z.object(productFields);
export type ProductAddInput = z.input<typeof productAddSchema>;

/** `product:upd`: changed fields at the version read. */
export const productUpdateSchema = z.object({
  id: z.uuid(),
  version,
  values: z
    .object({
      name: name.optional(),
      number: shortText(PRODUCT_LIMITS.number).optional(),
      unit: shortText(PRODUCT_LIMITS.unit).optional(),
      priceOre: priceOre.optional(),
      costPriceOre: priceOre.optional(),
      vatPercent: vatPercent.optional(),
      isService: z.boolean().optional(),
      isActive: z.boolean().optional(),
    })
    .refine((values) => Object.values(values).some((value) => value !== undefined), MESSAGES.required),
});
export type ProductUpdateInput = z.input<typeof productUpdateSchema>;

export const expenseDtoSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  serviceItemId: z.string().nullable(),
  /** The service item's number and name when the expense was made on one. */
  serviceItemLabel: z.string(),
  productId: z.string(),
  /** The product's number, name and unit when the expense was recorded (kept if the product changes). */
  productNumber: z.string(),
  productName: z.string(),
  unit: z.string(),
  quantity: z.number(),
  unitPriceOre: z.number(),
  /** quantity × unit price, rounded to the øre. */
  amountOre: z.number(),
  date: z.string(),
  note: z.string(),
  userId: z.string().nullable(),
  userName: z.string(),
  createdAt: z.string(),
  version: z.number(),
});
export type ExpenseDto = z.output<typeof expenseDtoSchema>;

/** GET /product/expense/project: a page of the project's expenses, their sum and the plan's state. */
export const projectExpensesDtoSchema = pageSchema(expenseDtoSchema).extend({
  sumOre: z.number(),
  /**
   * The project's invoice plan, if any, and whether it carries every expense: a plan made before the
   * latest expense that could not take it (a part invoiced already) is "behind".
   */
  invoicePlan: z.object({ id: z.string(), isBehind: z.boolean(), isInvoiced: z.boolean() }).nullable(),
});
export type ProjectExpensesDto = z.output<typeof projectExpensesDtoSchema>;

export const projectExpensesQuerySchema = z.object({
  projectId: z.uuid(),
  /** Only the expenses of one service item (the technician's screen). */
  serviceItemId: z.uuid().optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type ProjectExpensesQuery = z.input<typeof projectExpensesQuerySchema>;

const quantity = z
  .number()
  .finite()
  .gt(0, MESSAGES.quantityPositive)
  .max(PRODUCT_LIMITS.quantity, MESSAGES.numberTooLarge)
  // Hundredths at most (2.25 hours): what is stored and invoiced.
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, MESSAGES.quantityPrecision);

const expenseFields = {
  productId: z.uuid(),
  quantity,
  /** The product's price unless given: a discount or a special price on site. */
  unitPriceOre: priceOre.nullable().default(null),
  serviceItemId: z.uuid().nullable().default(null),
  date: dateOnlySchema,
  note: shortText(PRODUCT_LIMITS.note).default(''),
};

/** POST /product/expense. */
export const expenseCreateSchema = z.object({ projectId: z.uuid(), ...expenseFields });
export type ExpenseCreateInput = z.input<typeof expenseCreateSchema>;

/** PATCH /product/expense: changed fields at the version read (the project stays). */
export const expensePatchSchema = z.object({
  id: z.uuid(),
  version,
  changes: z
    .object({
      productId: z.uuid().optional(),
      quantity: quantity.optional(),
      unitPriceOre: priceOre.optional(),
      serviceItemId: z.uuid().nullable().optional(),
      date: dateOnlySchema.optional(),
      note: shortText(PRODUCT_LIMITS.note).optional(),
    })
    .refine((changes) => Object.values(changes).some((value) => value !== undefined), MESSAGES.required),
});
export type ExpensePatchInput = z.input<typeof expensePatchSchema>;

export const expenseChangeResultDtoSchema = z.object({
  expense: expenseDtoSchema,
  invoicePlanRefreshed: z.boolean(),
});
export type ExpenseChangeResultDto = z.output<typeof expenseChangeResultDtoSchema>;

/** DELETE /product/expense/{id}?version=…: an expense entered by mistake, at the version read. */
export const expenseDeleteQuerySchema = z.object({ version });
export const expenseDeleteResultDtoSchema = z.object({
  id: z.uuid(),
  /** Whether the project's invoice plan took its lines anew without the expense. */
  invoicePlanRefreshed: z.boolean(),
});
export type ExpenseDeleteResultDto = z.output<typeof expenseDeleteResultDtoSchema>;

/** Pushed to the company after an expense changed: open project and service item screens read again. */
export const PRODUCT_PUSHES = { expensesChanged: 'expenses:changed' } as const;
export type ExpensesChangedPush = { projectId: string; serviceItemId: string | null };

export const productEvents = {
  'product:get': socketEvent<ProductPageDto>()(productQuerySchema),
  'product:add': socketEvent<ProductDto>()(productAddSchema),
  'product:upd': socketEvent<ProductDto>()(productUpdateSchema),
};
