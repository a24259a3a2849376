import { z } from 'zod';
import { isDateOnly } from '../rules/date-only';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '../rules/validation-messages';
import { signedLinkQuerySchema } from './files';
import { pageQuerySchema, pageSchema } from './paging';
import { drawnSignatureSchema } from './quality-checklists';
import { serviceItemDtoSchema } from './service-work';

/**
 * Service reports and the per-door logbook (issue 19). Producing a report is a visit: the answers of
 * the chosen items (all the project's answered items by default) are kept as that visit's logbook
 * entry for each item, the A4 PDF is stored as a document of the project, and the project's service
 * report count goes up. An item's logbook is every visit it had, newest first.
 */

export const SERVICE_REPORT_LIMITS = { signedName: 200, items: 200 } as const;

const text = (max: number) => z.string().trim().max(max, messageWithParams(MESSAGES.tooLong, { max }));

/** POST /service-project/service-report. */
export const serviceReportCreateSchema = z.object({
  projectId: z.uuid(),
  /** The items visited; empty or left out: every item of the project with answers. */
  serviceItemIds: z
    .array(z.uuid())
    .max(
      SERVICE_REPORT_LIMITS.items,
      messageWithParams(MESSAGES.tooMany, { max: SERVICE_REPORT_LIMITS.items }),
    )
    .default([]),
  /** The day of the visit; today when left out. */
  visitDate: z.string().refine(isDateOnly, MESSAGES.dateNotValid).nullable().default(null),
  /** The customer who signed on site. */
  signedName: text(SERVICE_REPORT_LIMITS.signedName).default(''),
  signature: drawnSignatureSchema.nullable().default(null),
  /** The PDF's language; the company's document language when left out (as the offer's). */
  locale: z.enum(['en', 'nb']).optional(),
});
export type ServiceReportCreateInput = z.input<typeof serviceReportCreateSchema>;

/** GET /service-project/service-report?projectId=…: the project's reports, newest first, paged. */
export const serviceReportsQuerySchema = pageQuerySchema.extend({ projectId: z.uuid() });
/**
 * The PDFs' query, signed or with the token header: `download=1` asks for an attachment rather than
 * a page to show; `locale` the logbook's language.
 */
export const servicePdfQuerySchema = z
  .object({ locale: z.enum(['en', 'nb']).optional(), download: z.enum(['0', '1']).optional() })
  .extend(signedLinkQuerySchema.shape);
export const serviceReportParamsSchema = z.object({ id: z.uuid() });
/** GET /service-project/service-item/{serviceItemId}/logbook(.pdf) */
export const serviceLogbookParamsSchema = z.object({ serviceItemId: z.uuid() });

export const serviceReportDtoSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  /** 1, 2, 3… within the project. */
  number: z.number(),
  visitDate: z.string(),
  technicianName: z.string(),
  signedName: z.string(),
  itemCount: z.number(),
  pictureCount: z.number(),
  /** Pictures that could not be added to the PDF (logged as warnings, SPEC §8). */
  skippedPictureCount: z.number(),
  /** The stored PDF (a document of the project). */
  fileId: z.string(),
  fileName: z.string(),
  createdAt: z.string(),
});
export type ServiceReportDto = z.output<typeof serviceReportDtoSchema>;

/** GET /service-project/service-report. */
export const serviceReportPageSchema = pageSchema(serviceReportDtoSchema);

/** The result of producing a report: the report and the project's new count. */
export const serviceReportCreatedDtoSchema = z.object({
  report: serviceReportDtoSchema,
  serviceReportCount: z.number(),
});
export type ServiceReportCreatedDto = z.output<typeof serviceReportCreatedDtoSchema>;

/** One answered row of a visit, as it was when the report was made. */
export const serviceVisitRowDtoSchema = z.object({
  groupName: z.string(),
  rowName: z.string(),
  /** The chosen answers, each in its colour. */
  answers: z.array(z.object({ name: z.string(), color: z.string() })),
  /** A text, number or date answer, as written. */
  value: z.string(),
  comment: z.string(),
  pictureIds: z.array(z.string()),
  /** A signature row's drawn signature. */
  signatureFileId: z.string().nullable(),
  deviation: z.object({ number: z.number(), title: z.string() }).nullable(),
});
export type ServiceVisitRowDto = z.output<typeof serviceVisitRowDtoSchema>;

/** One visit of one item: a logbook entry. */
export const serviceLogbookVisitDtoSchema = z.object({
  id: z.string(),
  reportId: z.string(),
  reportNumber: z.number(),
  reportFileId: z.string(),
  visitDate: z.string(),
  technicianName: z.string(),
  rows: z.array(serviceVisitRowDtoSchema),
});
export type ServiceLogbookVisitDto = z.output<typeof serviceLogbookVisitDtoSchema>;

/** GET /service-project/service-item/{serviceItemId}/logbook: the item and its visits, newest first. */
export const serviceLogbookDtoSchema = z.object({
  item: serviceItemDtoSchema,
  project: z.object({ id: z.string(), number: z.number(), name: z.string() }),
  visits: z.array(serviceLogbookVisitDtoSchema),
});
export type ServiceLogbookDto = z.output<typeof serviceLogbookDtoSchema>;

export const SERVICE_REPORT_PUSHES = { changed: 'service-reports:changed' } as const;
export type ServiceReportsChangedPush = { projectId: string };
