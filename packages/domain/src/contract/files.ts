import { z } from 'zod';
import { LOCALES } from '../i18n/index';
import { offerPdfQuerySchema } from './offers';
import { workOrderQuerySchema } from './projects';

/** What an uploaded file is for; the server decides which types each one may have. */
export const FILE_TYPES = ['logo', 'footer', 'avatar', 'document', 'picture'] as const;
export type FileType = (typeof FILE_TYPES)[number];

/**
 * What a browser opens by itself (an image, a PDF in a frame, a file in a new tab) cannot carry the
 * `token` header, and a session token in a URL ends up in logs, history and Referer headers. So the
 * app asks `POST /api/download-links` for a short-lived link that works for one thing only.
 */
export const DOWNLOAD_KINDS = ['file', 'offer-pdf', 'work-order-pdf'] as const;
export type DownloadKind = (typeof DOWNLOAD_KINDS)[number];

export const downloadLinkRequestSchema = z.discriminatedUnion('kind', [
  /** A stored file; `type` and `entityId`, when given, must match it (SPEC §7). */
  z.object({
    kind: z.literal('file'),
    id: z.uuid(),
    type: z.enum(FILE_TYPES).optional(),
    entityId: z.uuid().optional(),
  }),
  /** An offer's PDF; `download` asks for an attachment rather than a page to show. */
  z.object({
    kind: z.literal('offer-pdf'),
    id: z.uuid(),
    locale: z.enum(LOCALES).optional(),
    download: z.boolean().optional(),
  }),
  /** A project's work order PDF. */
  z.object({ kind: z.literal('work-order-pdf'), id: z.uuid(), locale: z.enum(LOCALES).optional() }),
]);
export type DownloadLinkRequest = z.infer<typeof downloadLinkRequestSchema>;

/** A same-origin URL (`/api/…`) that works without a session until `expiresAt`. */
export type DownloadLinkDto = { url: string; expiresAt: string };

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
});

/** GET /api/offers/{id}/pdf: the offer query, signed or with the token header (never `?token=`). */
export const offerPdfDownloadQuerySchema = offerPdfQuerySchema.extend(signedLinkQuerySchema.shape);

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

export type FileDto = {
  id: string;
  type: FileType;
  entityId: string | null;
  originalName: string;
  mimeType: string;
  sizeBytes: number;
  createdAt: string;
};
