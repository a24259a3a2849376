import {
  BILLING_PUSHES,
  type InvoiceSettingsDto,
  type invoiceSettingsUpdateSchema,
} from '@karm/domain/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { conflict } from '../../platform/errors';
import { requestDueDaysPush } from '../customers/customer-billing';
import { invoiceSettings } from './billing-settings.tables';

/** What a company has until it first saves its invoice settings (version 0: no row yet). */
export const DEFAULT_INVOICE_SETTINGS: InvoiceSettingsDto = {
  defaultDueDays: 14,
  sendMethod: 'EMAIL',
  invoiceText: '',
  version: 0,
};

/** The company's invoice settings, or the defaults while it has none. */
export const invoiceSettingsOf = async (db: Executor, companyId: string): Promise<InvoiceSettingsDto> => {
  const [row] = await db.select().from(invoiceSettings).where(eq(invoiceSettings.companyId, companyId));
  if (!row) return DEFAULT_INVOICE_SETTINGS;
  return {
    defaultDueDays: row.defaultDueDays,
    sendMethod: row.sendMethod,
    invoiceText: row.invoiceText,
    version: row.version,
  };
};

/** invoice_settings:get */
export const getInvoiceSettings = (ctx: AppContext, actor: Actor) =>
  invoiceSettingsOf(ctx.db, actor.companyId);

/**
 * invoice_settings:upd — the changed fields at the version the person read (0 before the first save,
 * which makes the row). A stale version is refused with CONFLICT.
 */
export const updateInvoiceSettings = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof invoiceSettingsUpdateSchema>,
) => {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const current = await invoiceSettingsOf(tx, actor.companyId);
    if (current.version !== input.version) {
      throw conflict('The invoice settings were changed by someone else', {
        currentVersion: current.version,
      });
    }
    const next = { ...current, ...input.values };
    const values = {
      defaultDueDays: next.defaultDueDays,
      sendMethod: next.sendMethod,
      invoiceText: next.invoiceText,
      updatedAt: now,
      version: current.version + 1,
    };
    if (current.version === 0) {
      // Two first saves at once: the primary key lets one in; the other is told to read again.
      const inserted = await tx
        .insert(invoiceSettings)
        .values({ companyId: actor.companyId, ...values })
        .onConflictDoNothing()
        .returning();
      if (inserted.length === 0) throw conflict('The invoice settings were changed by someone else');
      return;
    }
    const updated = await tx
      .update(invoiceSettings)
      .set(values)
      .where(
        and(eq(invoiceSettings.companyId, actor.companyId), eq(invoiceSettings.version, current.version)),
      )
      .returning();
    if (updated.length === 0) throw conflict('The invoice settings were changed by someone else');
  });
  ctx.realtime.toCompany(actor.companyId, BILLING_PUSHES.invoiceSettingsChanged);
  // The due days are the last fallback of a customer's payment term.
  if (input.values.defaultDueDays !== undefined) await requestDueDaysPush(ctx, actor.companyId);
  return invoiceSettingsOf(ctx.db, actor.companyId);
};
