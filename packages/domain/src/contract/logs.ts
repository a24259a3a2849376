import { z } from 'zod';
import { socketEvent } from './define';
import { type Page, pageQuerySchema } from './paging';

export const LOG_LEVELS = ['error', 'warn', 'info'] as const;

/** SPEC §7: POST {host}/log — the client's error report. */
export const clientLogInputSchema = z.object({
  action: z.string().trim().min(1).max(200),
  message: z.string().max(5_000),
  level: z.enum(LOG_LEVELS).default('error'),
  data: z.unknown().optional(),
  error: z
    .object({
      name: z.string().max(200),
      message: z.string().max(5_000),
      stack: z.string().max(20_000).optional(),
    })
    .optional(),
});

export type ServerLogDto = {
  id: string;
  source: string;
  level: string;
  action: string;
  message: string;
  data: unknown;
  error: unknown;
  userId: string | null;
  createdAt: string;
};

export const serverLogQuerySchema = pageQuerySchema.extend({
  level: z.enum(LOG_LEVELS).optional(),
  search: z.string().max(200).optional(),
});

export const logEvents = {
  'logs:get': socketEvent<Page<ServerLogDto>>()(serverLogQuerySchema),
};
