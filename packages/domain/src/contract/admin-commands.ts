import { z } from 'zod';
import { VALIDATION_MESSAGE_KEYS as MESSAGES } from '../rules/validation-messages';
import { socketEvent } from './define';
import { type Page, pageQuerySchema } from './paging';

/**
 * The maintenance actions of `/admincommands` (issue 12): each asks first, runs as a background job,
 * reports progress live and ends with a result line kept in the run history.
 */
export const ADMIN_COMMANDS = [
  'accounting-sync',
  'accounting-full-import',
  'resend-failed-webhooks',
  'test-email',
  'refresh-statistics',
  'recompute-process-dates',
  'prune-logs',
  'export-data',
  'check-export',
] as const;
export type AdminCommand = (typeof ADMIN_COMMANDS)[number];

export const ADMIN_COMMAND_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type AdminCommandStatus = (typeof ADMIN_COMMAND_STATUSES)[number];

/** One run of a command: its progress while it runs, its result line (a message key) when it ends. */
export type AdminCommandRunDto = {
  id: string;
  command: AdminCommand;
  status: AdminCommandStatus;
  startedBy: { id: string; name: string } | null;
  progressDone: number;
  /** Null while the size of the work is not known yet. */
  progressTotal: number | null;
  /** What it is doing now (an `adminCommands` message key). */
  progressKey: string | null;
  /** The result line: an `adminCommands` message key and its parameters. */
  resultKey: string | null;
  resultParams: Record<string, string | number>;
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
};

export type AdminCommandDto = {
  command: AdminCommand;
  /** Changes or deletes data (the question before running says what). */
  isDestructive: boolean;
  lastRun: AdminCommandRunDto | null;
};

export const adminCommandRunSchema = z.object({
  command: z.enum(ADMIN_COMMANDS),
  /** The test e-mail's recipient; the admin's own address when left out or empty. */
  email: z
    .string()
    .trim()
    .max(200)
    .refine((value) => value === '' || z.email().safeParse(value).success, MESSAGES.emailInvalid)
    .optional(),
});

export const adminCommandRunsQuerySchema = pageQuerySchema.extend({
  command: z.enum(ADMIN_COMMANDS).optional(),
});

export const adminCommandEvents = {
  'admin-commands:list': socketEvent<AdminCommandDto[]>()(z.unknown()),
  'admin-commands:list-runs': socketEvent<Page<AdminCommandRunDto>>()(adminCommandRunsQuerySchema),
  'admin-commands:run': socketEvent<AdminCommandRunDto>()(adminCommandRunSchema),
};

/** Pushed to the company's administrators as a run is queued, progresses (a few per second) and ends. */
export const ADMIN_COMMAND_PUSHES = { progress: 'admin-commands:progress' } as const;
