import { z } from 'zod';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '../rules/validation-messages';
import { socketEvent } from './define';
import { type Page, pageQuerySchema } from './paging';

export const ACCOUNTING_PROVIDERS = ['none', 'tripletex'] as const;
export const ACCOUNTING_ENVIRONMENTS = ['production', 'test'] as const;

/** Minutes between two syncs of a company. */
export const SYNC_INTERVAL_MIN = 5;
export const SYNC_INTERVAL_MAX = 24 * 60;
const intervalMessage = messageWithParams(MESSAGES.syncIntervalRange, {
  min: SYNC_INTERVAL_MIN,
  max: SYNC_INTERVAL_MAX,
});

/** Settings as an admin sees them: tokens only as hints, never in full. */
export type AccountingSettingsDto = {
  provider: (typeof ACCOUNTING_PROVIDERS)[number];
  environment: (typeof ACCOUNTING_ENVIRONMENTS)[number];
  consumerTokenHint: string | null;
  employeeTokenHint: string | null;
  externalCompanyId: string;
  syncIntervalMinutes: number;
  lastSyncAt: string | null;
  version: number;
};

export const accountingSettingsUpdateSchema = z.object({
  provider: z.enum(ACCOUNTING_PROVIDERS),
  environment: z.enum(ACCOUNTING_ENVIRONMENTS),
  /** Left out or empty: keep the stored token. */
  consumerToken: z.string().trim().max(500).optional(),
  employeeToken: z.string().trim().max(500).optional(),
  externalCompanyId: z
    .string()
    .trim()
    .regex(/^\d{1,12}$/, MESSAGES.companyIdDigits)
    .default('0'),
  syncIntervalMinutes: z
    .number({ error: intervalMessage })
    .int(intervalMessage)
    .min(SYNC_INTERVAL_MIN, intervalMessage)
    .max(SYNC_INTERVAL_MAX, intervalMessage),
  version: z.number().int().positive(),
});

export type SyncRunDto = {
  id: string;
  trigger: string;
  mode: 'full' | 'incremental';
  status: 'running' | 'succeeded' | 'failed';
  progress: { phase: string; done: number; total: number | null };
  counts: Record<string, { created: number; updated: number; unchanged: number; conflicts?: number }>;
  errors: string[];
  startedAt: string;
  finishedAt: string | null;
};

export const accountingEvents = {
  'accounting:get-settings': socketEvent<AccountingSettingsDto>()(z.unknown()),
  'accounting:update-settings': socketEvent<AccountingSettingsDto>()(accountingSettingsUpdateSchema),
  'accounting:test-connection': socketEvent<{ companyName: string; employeeName: string }>()(z.unknown()),
  'accounting:sync-now': socketEvent<SyncRunDto>()(
    z.object({ mode: z.enum(['full', 'incremental']).default('incremental') }),
  ),
  'accounting:sync-runs': socketEvent<Page<SyncRunDto>>()(pageQuerySchema),
};

export const ACCOUNTING_PUSHES = { syncProgress: 'accounting:sync-progress' } as const;
