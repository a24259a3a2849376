import { z } from 'zod';

/** What an uploaded file is for; the server decides which types each one may have. */
export const FILE_TYPES = ['logo', 'footer', 'avatar', 'document', 'picture'] as const;
export type FileType = (typeof FILE_TYPES)[number];

/** SPEC §7: GET {host}/file?type&id&entityId&companyId&token */
export const fileDownloadQuerySchema = z.object({
  id: z.uuid(),
  type: z.enum(FILE_TYPES).optional(),
  entityId: z.uuid().optional(),
  companyId: z.uuid().optional(),
  token: z.string().min(1).max(200).optional(),
});

/** SPEC §7: upload with query companyId and token; body fields type, entityId. */
export const fileUploadQuerySchema = z.object({
  companyId: z.uuid().optional(),
  token: z.string().min(1).max(200).optional(),
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
