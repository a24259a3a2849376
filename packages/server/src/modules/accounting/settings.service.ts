import type { AccountingSettingsDto, accountingSettingsUpdateSchema } from '@karm/domain/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { accountingSettings } from '../../integrations/accounting/accounting.tables';
import { AccountingError } from '../../integrations/accounting/port';
import type { Actor, AppContext } from '../../platform/context';
import { AppError, conflict, validationError } from '../../platform/errors';
import { maskSecret } from '../../platform/secrets';

type SettingsRow = typeof accountingSettings.$inferSelect;

const hintOf = (ctx: AppContext, sealed: string | null) => {
  if (!sealed) return null;
  try {
    return maskSecret(ctx.secrets.open(sealed));
  } catch {
    return '••••';
  }
};

const toDto = (ctx: AppContext, row: SettingsRow): AccountingSettingsDto => ({
  provider: row.provider,
  environment: row.environment,
  consumerTokenHint: hintOf(ctx, row.consumerTokenSealed),
  employeeTokenHint: hintOf(ctx, row.employeeTokenSealed),
  externalCompanyId: row.externalCompanyId,
  syncIntervalMinutes: row.syncIntervalMinutes,
  lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
  version: row.version,
});

/** The company's settings row, made with the defaults (no accounting system) on first use. */
export const settingsOf = async (ctx: AppContext, companyId: string): Promise<SettingsRow> => {
  const [existing] = await ctx.db
    .select()
    .from(accountingSettings)
    .where(eq(accountingSettings.companyId, companyId));
  if (existing) return existing;
  await ctx.db.insert(accountingSettings).values({ companyId }).onConflictDoNothing();
  const [created] = await ctx.db
    .select()
    .from(accountingSettings)
    .where(eq(accountingSettings.companyId, companyId));
  if (!created) throw new Error('Accounting settings insert returned nothing');
  return created;
};

export const getAccountingSettings = async (ctx: AppContext, actor: Actor) => {
  return toDto(ctx, await settingsOf(ctx, actor.companyId));
};

/** Saves the settings; tokens are sealed before they are stored and are kept when left empty. */
export const updateAccountingSettings = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof accountingSettingsUpdateSchema>,
) => {
  const current = await settingsOf(ctx, actor.companyId);
  if (current.version !== input.version) throw conflict('The settings were changed by someone else');
  const consumerTokenSealed = input.consumerToken
    ? ctx.secrets.seal(input.consumerToken)
    : current.consumerTokenSealed;
  const employeeTokenSealed = input.employeeToken
    ? ctx.secrets.seal(input.employeeToken)
    : current.employeeTokenSealed;
  if (input.provider === 'tripletex' && (!consumerTokenSealed || !employeeTokenSealed)) {
    throw validationError(
      {
        ...(consumerTokenSealed ? {} : { consumerToken: 'validation.required' }),
        ...(employeeTokenSealed ? {} : { employeeToken: 'validation.required' }),
      },
      'Tripletex needs a consumer token and an employee token',
    );
  }
  const [row] = await ctx.db
    .update(accountingSettings)
    .set({
      provider: input.provider,
      environment: input.environment,
      consumerTokenSealed,
      employeeTokenSealed,
      externalCompanyId: input.externalCompanyId,
      syncIntervalMinutes: input.syncIntervalMinutes,
      // Another system or other credentials: the next sync starts from a full import.
      ...(input.provider !== current.provider || input.consumerToken || input.employeeToken
        ? { customersSyncedAt: null, lastSyncAt: null }
        : {}),
      updatedAt: ctx.clock.now(),
      version: sql`${accountingSettings.version} + 1`,
    })
    .where(eq(accountingSettings.companyId, actor.companyId))
    .returning();
  if (!row) throw conflict('The settings were changed by someone else');
  await ctx.accounting.invalidate(actor.companyId);
  return toDto(ctx, row);
};

/** "Test connection": asks the accounting system who the stored tokens act for. */
export const testAccountingConnection = async (ctx: AppContext, actor: Actor) => {
  const port = await ctx.accounting.forCompany(actor.companyId);
  if (port.kind === 'none')
    throw validationError({ provider: 'validation.required' }, 'No accounting system is configured');
  try {
    return await port.testConnection();
  } catch (error) {
    if (error instanceof AccountingError) {
      throw new AppError(error.kind === 'auth' ? 'VALIDATION' : 'UPSTREAM', error.message, {
        kind: error.kind,
      });
    }
    throw error;
  }
};
