import { z } from 'zod';
import { LOCALES } from '../i18n/index';
import { NOTE_DATE_TYPES, type PROCESS_COLUMN_TYPES } from '../rules/process-columns';
import { PROJECT_STATES, projectFiltersSchema, projectStatusFilterSchema } from '../rules/project-state';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '../rules/validation-messages';
import { collectionKeySchema } from './collection-key';
import { lookupDtoSchema } from './customers';
import { dateOnlySchema } from './date-only';
import { patchOf, socketEvent } from './define';
import type { ProjectInvoiceSquaresDto } from './invoices';
import type { Page } from './paging';

const text = (max: number) => z.string().trim().max(max, messageWithParams(MESSAGES.tooLong, { max }));
const nullableDate = dateOnlySchema.nullable();
/** Money is integer øre (DESIGN rule 8). */
const ore = z.number().int().min(-1_000_000_000_00).max(1_000_000_000_00);

export const VAT_RATES = [0, 12, 15, 25] as const;
export type VatRate = (typeof VAT_RATES)[number];
/** Whether a rate is one an order line may carry. */
export const isVatRate = (value: number | null): value is VatRate => VAT_RATES.some((rate) => rate === value);
/** A rate as a line carries it: the rate itself when lines offer it, otherwise the high rate, 25 %. */
export const lineVatRate = (value: number | null): VatRate => (isVatRate(value) ? value : 25);

/** SPEC §3 order line: description, count, unit price, discount, cost price, sales price, VAT. */
export const orderLineSchema = z.object({
  id: z.uuid().optional(),
  description: text(500).default(''),
  count: z.number().min(0).max(1_000_000).default(1),
  unitPrice: ore.default(0),
  discountPercent: z.number().min(0).max(100).default(0),
  costPrice: ore.default(0),
  vatPercent: z.union(VAT_RATES.map((rate) => z.literal(rate))).default(25),
});
export type OrderLineInput = z.input<typeof orderLineSchema>;

export const orderSchema = z.object({
  id: z.uuid().optional(),
  title: text(200).default(''),
  lines: z.array(orderLineSchema).max(500).default([]),
});

/** The project fields a person edits in the project dialog. */
export const projectFieldsSchema = z.object({
  name: text(200).min(1, MESSAGES.required),
  description: text(2000).default(''),
  departmentId: z.uuid().nullable().default(null),
  /** A key of the company's project categories (collections). */
  projectCategory: collectionKeySchema.nullable().default(null),
  customerId: z.uuid().nullable().default(null),
  contactId: z.uuid().nullable().default(null),
  projectManagerId: z.uuid().nullable().default(null),
  startDate: nullableDate.default(null),
  endDate: nullableDate.default(null),
  deliveryDate: nullableDate.default(null),
  agreedInstallationDate: nullableDate.default(null),
  isClosed: z.boolean().default(false),
  isDirect: z.boolean().default(false),
  isService: z.boolean().default(false),
  projectAddress: text(200).default(''),
  projectPostalCode: text(10).default(''),
  projectCity: text(100).default(''),
  noteToPlanner: text(2000).default(''),
  workOrderNotes: text(4000).default(''),
  siteContactName: text(200).default(''),
  siteContactPhone: text(40).default(''),
  productionHours: z.number().min(0).max(100_000).nullable().default(null),
  installationHours: z.number().min(0).max(100_000).nullable().default(null),
  installationStaff: z.number().int().min(0).max(1_000).nullable().default(null),
  missingData: z.boolean().default(false),
  missingDataComment: text(1000).default(''),
});
export type ProjectFieldsInput = z.input<typeof projectFieldsSchema>;

export const projectCreateSchema = projectFieldsSchema.extend({
  orders: z.array(orderSchema).max(50).default([]),
});

export const projectUpdateSchema = z.object({
  id: z.uuid(),
  version: z.number().int().positive(),
  changes: patchOf(projectFieldsSchema),
});

export const projectOrdersSaveSchema = z.object({
  id: z.uuid(),
  version: z.number().int().positive(),
  orders: z.array(orderSchema).max(50),
});

/** SPEC §4: "project date update sets start, delivery and end dates". */
export const projectDatesSchema = z.object({
  id: z.uuid(),
  version: z.number().int().positive(),
  startDate: nullableDate,
  deliveryDate: nullableDate,
  endDate: nullableDate,
});

/** Delivery week picker: weeks 1–52 (SPEC §5, §9). */
export const deliveryWeekSchema = z.object({
  id: z.uuid(),
  version: z.number().int().positive(),
  year: z.number().int().min(1900).max(2099),
  week: z.number().int().min(1).max(52),
});

export const projectDeleteSchema = z.object({
  id: z.uuid(),
  version: z.number().int().positive(),
  /** SPEC §4: removing a project with active plans asks first, then removes those plans too. */
  isPlanRemovalConfirmed: z.boolean().default(false),
});

export const projectArchiveSchema = z.object({
  id: z.uuid(),
  version: z.number().int().positive(),
  reason: text(1000).min(1, MESSAGES.required),
});

export const orderLineDtoSchema = z.object({
  id: z.string(),
  description: z.string(),
  count: z.number(),
  unitPrice: z.number(),
  discountPercent: z.number(),
  costPrice: z.number(),
  /** count × unit price less the discount, in øre. */
  salesPrice: z.number(),
  vatPercent: z.number(),
});
export type OrderLineDto = z.output<typeof orderLineDtoSchema>;
export const orderDtoSchema = z.object({
  id: z.string(),
  title: z.string(),
  lines: z.array(orderLineDtoSchema),
  total: z.number(),
});
export type OrderDto = z.output<typeof orderDtoSchema>;

export const projectDtoSchema = z.object({
  id: z.string(),
  number: z.number(),
  name: z.string(),
  description: z.string(),
  state: z.enum(PROJECT_STATES),
  department: lookupDtoSchema.nullable(),
  projectCategory: z.string().nullable(),
  customer: z.object({ id: z.string(), name: z.string(), customerNumber: z.number().nullable() }).nullable(),
  contact: lookupDtoSchema.nullable(),
  projectManager: lookupDtoSchema.nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  deliveryDate: z.string().nullable(),
  agreedInstallationDate: z.string().nullable(),
  isClosed: z.boolean(),
  isDirect: z.boolean(),
  isService: z.boolean(),
  projectAddress: z.string(),
  projectPostalCode: z.string(),
  projectCity: z.string(),
  noteToPlanner: z.string(),
  workOrderNotes: z.string(),
  siteContactName: z.string(),
  siteContactPhone: z.string(),
  productionHours: z.number().nullable(),
  installationHours: z.number().nullable(),
  installationStaff: z.number().nullable(),
  missingData: z.boolean(),
  missingDataComment: z.string(),
  serviceReportCount: z.number(),
  projectValue: z.number(),
  archiveReason: z.string().nullable(),
  /** The offer the project was made from (offer → project conversion). */
  offerId: z.string().nullable(),
  version: z.number(),
  updatedAt: z.string(),
});
export type ProjectDto = z.output<typeof projectDtoSchema>;

/** A row of the project list: the project and what the list shows beside it. */
/**
 * A row of the project list: the project and its invoice squares (SPEC §9, at most 3 orders × 3
 * columns); empty for those who may not read invoices.
 */
export type ProjectListItemDto = ProjectDto & { invoiceSquares: ProjectInvoiceSquaresDto };

export type ProcessColumnDto = {
  id: string;
  key: string;
  nameNo: string;
  nameEn: string;
  factor: number;
  min: number;
  max: number;
  type: (typeof PROCESS_COLUMN_TYPES)[number];
  color: string;
  status: string;
  invoice: boolean;
  position: number;
  subProcesses: {
    id: string;
    nameNo: string;
    nameEn: string;
    type: (typeof PROCESS_COLUMN_TYPES)[number];
    position: number;
  }[];
};

export const noteDatesSchema = z.partialRecord(z.enum(NOTE_DATE_TYPES), z.string());
export type NoteDates = z.output<typeof noteDatesSchema>;

export const processEntryDtoSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  processColumnId: z.string(),
  date: z.string().nullable(),
  isActive: z.boolean(),
  noteDates: noteDatesSchema,
  comment: z.string(),
  version: z.number(),
});
export type ProcessEntryDto = z.output<typeof processEntryDtoSchema>;

export const processEntryUpdateSchema = z.object({
  projectId: z.uuid(),
  processColumnId: z.uuid(),
  /** The version the person read (DESIGN rule 5); 0 for a cell that does not exist yet. */
  version: z.number().int().min(0),
  date: nullableDate.optional(),
  isActive: z.boolean().optional(),
  noteDates: z.record(z.string(), dateOnlySchema.nullable()).optional(),
  comment: text(2000).optional(),
});

const processNames = {
  nameNo: z.string().trim(),
  nameEn: z.string().trim(),
};
export const processColumnInputSchema = z.object({
  ...processNames,
  factor: z.number().int(),
  min: z.number().int(),
  max: z.number().int(),
  type: z.string().nullable(),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .default('#868e96'),
  status: text(40).default(''),
  invoice: z.boolean().default(false),
});
export const subProcessInputSchema = z.object({ ...processNames, type: z.string().nullable() });

export const projectCombinedDtoSchema = z.object({
  project: projectDtoSchema,
  processEntries: z.array(processEntryDtoSchema),
  orders: z.array(orderDtoSchema),
  invoiceSummary: z.object({ orderCount: z.number(), total: z.number(), invoiceStatus: z.number() }),
});
export type ProjectCombinedDto = z.output<typeof projectCombinedDtoSchema>;

export const projectEvents = {
  'project:get': socketEvent<ProjectDto>()(z.object({ id: z.uuid() })),
  'project:create': socketEvent<ProjectDto>()(projectCreateSchema),
  'project:update': socketEvent<ProjectDto>()(projectUpdateSchema),
  'project:update-dates': socketEvent<ProjectDto>()(projectDatesSchema),
  'project:set-delivery-week': socketEvent<{ project: ProjectDto; isPostponed: boolean }>()(
    deliveryWeekSchema,
  ),
  'project:save-orders': socketEvent<{ project: ProjectDto; orders: OrderDto[] }>()(projectOrdersSaveSchema),
  'project:archive': socketEvent<ProjectDto>()(projectArchiveSchema),
  'project:unarchive': socketEvent<ProjectDto>()(
    z.object({ id: z.uuid(), version: z.number().int().positive() }),
  ),
  'project:delete': socketEvent<{ id: string; removedPlans: number }>()(projectDeleteSchema),
  'projects:all': socketEvent<{ id: string; number: number; name: string }[]>()(
    // SPEC §7 "status aktiv": the active projects, asked for in Norwegian or English.
    z
      .object({ status: projectStatusFilterSchema.pipe(z.literal('active')).default('active') })
      .default({ status: 'active' }),
  ),
  'projects:filter_new': socketEvent<Page<ProjectListItemDto>>()(projectFiltersSchema),
  'mongo:project_process': socketEvent<{ columns: ProcessColumnDto[]; entries: ProcessEntryDto[] }>()(
    z.object({ projectIds: z.array(z.uuid()).max(200).default([]) }),
  ),
  'process:update-entry': socketEvent<ProcessEntryDto>()(processEntryUpdateSchema),
  'process-columns:get': socketEvent<ProcessColumnDto[]>()(z.unknown()),
  'process-columns:create': socketEvent<ProcessColumnDto>()(processColumnInputSchema),
  'process-columns:update': socketEvent<ProcessColumnDto>()(
    processColumnInputSchema.extend({ id: z.uuid() }),
  ),
  'process-columns:reorder': socketEvent<ProcessColumnDto[]>()(
    z.object({ ids: z.array(z.uuid()).min(1).max(100) }),
  ),
  'process-columns:delete': socketEvent<{ id: string }>()(z.object({ id: z.uuid() })),
  'process-columns:create-sub': socketEvent<ProcessColumnDto>()(
    subProcessInputSchema.extend({ columnId: z.uuid() }),
  ),
  'process-columns:delete-sub': socketEvent<ProcessColumnDto>()(z.object({ id: z.uuid() })),
};

/** GET /api/project/:id/work-order.pdf (the work order, A4). */
export const workOrderParamsSchema = z.object({ id: z.uuid() });
export const workOrderQuerySchema = z.object({
  /** The document's language; without it, the user's own (profile) language. */
  locale: z.enum(LOCALES).optional(),
});

export const PROJECT_PUSHES = {
  projectChanged: 'project:changed',
  projectRemoved: 'project:removed',
  processChanged: 'process:changed',
  processColumnsChanged: 'process-columns:changed',
} as const;
