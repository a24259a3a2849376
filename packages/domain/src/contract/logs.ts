import { z } from 'zod';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '../rules/validation-messages';
import { dateOnlySchema } from './date-only';
import { socketEvent } from './define';
import { type Page, pageQuerySchema } from './paging';

export const LOG_LEVELS = ['error', 'warn', 'info'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * Where an entry comes from: a browser's automatic report (POST /log), the server's own unexpected
 * failure (an INTERNAL error of a use case), or a person who pressed "Send error to administrator".
 */
export const LOG_SOURCES = ['client', 'server', 'user-report'] as const;
export type LogSource = (typeof LOG_SOURCES)[number];

/** The longest comment on a report or on handling an entry. */
export const LOG_COMMENT_MAX_LENGTH = 2_000;
/** Recent actions a report carries (route changes and socket event names, never payloads). */
export const LOG_REPORT_MAX_ACTIONS = 30;

const text = (max: number) => z.string().trim().max(max, messageWithParams(MESSAGES.tooLong, { max }));

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
  source: LogSource;
  level: LogLevel;
  action: string;
  message: string;
  data: unknown;
  error: unknown;
  userId: string | null;
  /** The name of who was signed in, when anyone was. */
  userName: string | null;
  createdAt: string;
  handledAt: string | null;
  handledBy: { id: string; displayName: string } | null;
  handledComment: string | null;
  version: number;
};

/** The log list's filters: levels, who, text (action, message, stack), an Oslo date period, handled or not. */
export const serverLogQuerySchema = pageQuerySchema
  .extend({
    levels: z.array(z.enum(LOG_LEVELS)).max(LOG_LEVELS.length).optional(),
    userId: z.uuid().optional(),
    search: text(200).optional(),
    from: dateOnlySchema.optional(),
    to: dateOnlySchema.optional(),
    handled: z.boolean().optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    message: MESSAGES.dateNotValid,
  });
export type ServerLogQuery = z.input<typeof serverLogQuerySchema>;

/** The log edit dialog's save: handled (with a comment) or open again, at the version read. */
export const serverLogHandleSchema = z.object({
  id: z.uuid(),
  version: z.number().int().min(1),
  handled: z.boolean().default(true),
  comment: text(LOG_COMMENT_MAX_LENGTH).default(''),
});
export type ServerLogHandleInput = z.input<typeof serverLogHandleSchema>;

/**
 * "Send error to administrator" (SPEC §2 dialog footer): the error the person saw, where they were,
 * what they did just before (names only), and what they want to add.
 */
export const errorReportSchema = z.object({
  error: z.object({
    code: z.string().trim().min(1).max(50),
    message: z.string().max(5_000),
    details: z.unknown().optional(),
  }),
  route: z.string().max(500),
  screen: z.string().max(200).optional(),
  recentActions: z
    .array(
      z.object({
        kind: z.enum(['route', 'event']),
        name: z.string().max(500),
        at: z.string().max(40),
      }),
    )
    .max(LOG_REPORT_MAX_ACTIONS)
    .default([]),
  comment: text(LOG_COMMENT_MAX_LENGTH).optional(),
});
export type ErrorReportInput = z.input<typeof errorReportSchema>;

/** Pushed to the company's administrators (toast) when someone sends them an error. */
export type ErrorReportedPush = { id: string; reporter: string; message: string };

export const LOG_PUSHES = {
  /** A new entry or a handled one: open log lists refetch. Carries no detail (the company room hears it). */
  changed: 'logs:changed',
  /** Someone sent an error to the administrators; only they receive it. */
  reported: 'logs:reported',
} as const;

export const logEvents = {
  'logs:get': socketEvent<Page<ServerLogDto>>()(serverLogQuerySchema),
  'logs:handle': socketEvent<ServerLogDto>()(serverLogHandleSchema),
  'logs:report': socketEvent<{ id: string }>()(errorReportSchema),
};
