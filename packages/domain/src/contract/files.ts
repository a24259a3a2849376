import { z } from 'zod';
import { LOCALES } from '../i18n/index';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '../rules/validation-messages';
import type { LookupDto } from './customers';
import { dateOnlySchema } from './date-only';
import { socketEvent } from './define';
import { offerPdfQuerySchema } from './offers';
import { type Page, pageQuerySchema } from './paging';
import { workOrderQuerySchema } from './projects';

/** What an uploaded file is for; the server decides which types each one may have. */
export const FILE_TYPES = [
  'logo',
  'footer',
  'avatar',
  'document',
  'picture',
  'service-file',
  'service-picture',
] as const;
export type FileType = (typeof FILE_TYPES)[number];

/**
 * What a browser opens by itself (an image, a PDF in a frame, a file in a new tab) cannot carry the
 * `token` header, and a session token in a URL ends up in logs, history and Referer headers. So the
 * app asks `POST /api/download-links` for a short-lived link that works for one thing only.
 */
export const DOWNLOAD_KINDS = [
  'file',
  'offer-pdf',
  'confirmation-pdf',
  'work-order-pdf',
  'admin-export',
  'service-report-pdf',
  'service-logbook-pdf',
] as const;
export type DownloadKind = (typeof DOWNLOAD_KINDS)[number];

export const downloadLinkRequestSchema = z.discriminatedUnion('kind', [
  /** A stored file; `type` and `entityId`, when given, must match it (SPEC §7). */
  z.object({
    kind: z.literal('file'),
    id: z.uuid(),
    type: z.enum(FILE_TYPES).optional(),
    entityId: z.uuid().optional(),
    variant: z.enum(['thumbnail']).optional(),
  }),
  /** An offer's PDF; `download` asks for an attachment rather than a page to show. */
  z.object({
    kind: z.literal('offer-pdf'),
    id: z.uuid(),
    locale: z.enum(LOCALES).optional(),
    download: z.boolean().optional(),
  }),
  /** An order confirmation's PDF, likewise. */
  z.object({
    kind: z.literal('confirmation-pdf'),
    id: z.uuid(),
    locale: z.enum(LOCALES).optional(),
    download: z.boolean().optional(),
  }),
  /** A project's work order PDF. */
  z.object({ kind: z.literal('work-order-pdf'), id: z.uuid(), locale: z.enum(LOCALES).optional() }),
  /** A company export's ZIP (admin command run id; administrators only). */
  z.object({ kind: z.literal('admin-export'), id: z.uuid() }),
  /** A stored service report's PDF (issue 19); `download` asks for an attachment. */
  z.object({ kind: z.literal('service-report-pdf'), id: z.uuid(), download: z.boolean().optional() }),
  /** A service item's logbook as one PDF (`id` is the item's). */
  z.object({
    kind: z.literal('service-logbook-pdf'),
    id: z.uuid(),
    locale: z.enum(LOCALES).optional(),
    download: z.boolean().optional(),
  }),
]);
export type DownloadLinkRequest = z.infer<typeof downloadLinkRequestSchema>;

/** A same-origin URL (`/api/…`) that works without a session until `expiresAt`. */
export const downloadLinkDtoSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type DownloadLinkDto = z.output<typeof downloadLinkDtoSchema>;

/**
 * The query a signed link adds: whose company and user it was made for, when it ends (Unix seconds)
 * and the HMAC over these, the kind and the resource. A request without `sig` needs the `token` header.
 */
export const signedLinkQuerySchema = z.object({
  companyId: z.uuid().optional(),
  userId: z.uuid().optional(),
  exp: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  sig: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/)
    .optional(),
});
export type SignedLinkQuery = z.infer<typeof signedLinkQuerySchema>;

/** SPEC §7: GET {host}/file?type&id&entityId&companyId — signed, or with the token header. */
export const fileDownloadQuerySchema = signedLinkQuerySchema.extend({
  id: z.uuid(),
  type: z.enum(FILE_TYPES).optional(),
  entityId: z.uuid().optional(),
  /** A picture's small copy (service pictures keep one, 400 px WebP); the picture itself otherwise. */
  variant: z.enum(['thumbnail']).optional(),
});

/** GET /api/offers/{id}/pdf: the offer query, signed or with the token header (never `?token=`). */
export const offerPdfDownloadQuerySchema = offerPdfQuerySchema.extend(signedLinkQuerySchema.shape);

/** GET /api/confirmations/{id}/pdf: the same query as the offer's PDF. */
export const confirmationPdfDownloadQuerySchema = offerPdfDownloadQuerySchema;

/** GET /api/project/{id}/work-order.pdf, likewise. */
export const workOrderDownloadQuerySchema = workOrderQuerySchema.extend(signedLinkQuerySchema.shape);

/** SPEC §7: upload with query companyId; body fields type, entityId. The token travels in its header. */
export const fileUploadQuerySchema = z.object({
  companyId: z.uuid().optional(),
});

export const fileUploadFieldsSchema = z.object({
  type: z.enum(FILE_TYPES),
  entityId: z.uuid().optional(),
});

export const fileDtoSchema = z.object({
  id: z.string(),
  type: z.enum(FILE_TYPES),
  entityId: z.string().nullable(),
  originalName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number(),
  createdAt: z.string(),
});
export type FileDto = z.output<typeof fileDtoSchema>;

/**
 * What a listed file belongs to: the record a document is attached to, the company (its logo and
 * footer) or a person (their picture). Later owners (service items, deviations, procedures) add theirs.
 */
export const FILE_OWNER_KINDS = ['inquiry', 'offer', 'project', 'company', 'person'] as const;
export type FileOwnerKind = (typeof FILE_OWNER_KINDS)[number];
/** The owner filter: one kind, or `none` for documents attached to no record (or one since deleted). */
export const FILE_OWNER_FILTERS = [...FILE_OWNER_KINDS, 'none'] as const;

/** What a file holds, from its sniffed content type: the Files screen's type filter and icon. */
export const FILE_CONTENT_KINDS = ['pdf', 'image', 'word', 'spreadsheet', 'drawing', 'text'] as const;
export type FileContentKind = (typeof FILE_CONTENT_KINDS)[number];

export const FILE_CONTENT_TYPES: Record<FileContentKind, readonly string[]> = {
  pdf: ['application/pdf'],
  image: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
  word: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  spreadsheet: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  drawing: ['image/vnd.dwg'],
  text: ['text/plain'],
};

export const fileContentKindOf = (mimeType: string): FileContentKind | null =>
  FILE_CONTENT_KINDS.find((kind) => FILE_CONTENT_TYPES[kind].includes(mimeType)) ?? null;

export const FILE_SORT_FIELDS = ['uploadedAt', 'name', 'size'] as const;
export type FileSortField = (typeof FILE_SORT_FIELDS)[number];

/** The Files screen: search by name, filters, sorting and paging, all on the server. */
export const fileListQuerySchema = pageQuerySchema
  .extend({
    search: z
      .string()
      .trim()
      .max(200, messageWithParams(MESSAGES.tooLong, { max: 200 }))
      .default(''),
    ownerKind: z.enum(FILE_OWNER_FILTERS).nullable().default(null),
    contentKind: z.enum(FILE_CONTENT_KINDS).nullable().default(null),
    uploadedBy: z.uuid().nullable().default(null),
    /** Uploaded on or after / on or before these days (Europe/Oslo). */
    from: dateOnlySchema.nullable().default(null),
    to: dateOnlySchema.nullable().default(null),
    sort: z.enum(FILE_SORT_FIELDS).default('uploadedAt'),
    direction: z.enum(['asc', 'desc']).default('desc'),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    message: MESSAGES.rangeFromBeforeTo,
  });
export type FileListQuery = z.input<typeof fileListQuerySchema>;

/** The record a listed file belongs to, with what people call it (an inquiry's number and name…). */
export type FileOwnerDto = { kind: FileOwnerKind; id: string; number: number | null; name: string };

export type FileListItemDto = {
  id: string;
  type: FileType;
  name: string;
  mimeType: string;
  sizeBytes: number;
  uploadedAt: string;
  uploadedBy: LookupDto | null;
  owner: FileOwnerDto | null;
};

export const fileEvents = {
  /** Every file of the company the user may read, a page at a time. */
  'files:list': socketEvent<Page<FileListItemDto>>()(fileListQuerySchema),
  /** The people who uploaded the company's files: the "uploaded by" filter's choices. */
  'files:uploaders': socketEvent<LookupDto[]>()(z.unknown()),
};

/**
 * A file was stored or deleted: open Files screens fetch their page again (with their own
 * permissions — the push carries only the id, never what someone else may not read).
 */
export const FILES_PUSHES = { changed: 'files:changed' } as const;
export type FilesChangedPush = { id: string };
