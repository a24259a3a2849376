import type { InvoiceDto } from '@karm/domain/contract';
import { and, eq } from 'drizzle-orm';
import type { Actor, AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import type { FileUser } from '../files/file-users';
import { findReadableProject } from '../projects/project-access';
import { invoiceDto, invoicesChanged, saveForPush } from './invoices.service';
import { invoices } from './invoices.tables';

/**
 * Links the customer's signed order (stored as a project document) to the invoice. With an
 * accounting system it goes to the invoice's order there too, by the accounting push — also when the
 * invoice is there already: it is pending again, and the push attaches only what is missing.
 */
export const attachPurchaseOrder = async (
  ctx: AppContext,
  actor: Actor,
  invoiceId: string,
  fileId: string,
): Promise<InvoiceDto> => {
  const projectId = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.companyId, actor.companyId), eq(invoices.id, invoiceId)))
      .for('update');
    if (!row) throw notFound('Invoice');
    // The attempts are kept: they tell the push to look for what a lost answer may have made.
    await saveForPush(ctx, tx, row, ctx.clock.now(), { purchaseOrderFileId: fileId });
    return row.projectId;
  });
  invoicesChanged(ctx, actor.companyId, projectId);
  return invoiceDto(ctx, actor.companyId, invoiceId);
};

/** The project an invoice belongs to, if the actor may read it (the upload route checks first). */
export const projectOfInvoice = async (ctx: AppContext, actor: Actor, invoiceId: string) => {
  const [row] = await ctx.db
    .select({ projectId: invoices.projectId })
    .from(invoices)
    .where(and(eq(invoices.companyId, actor.companyId), eq(invoices.id, invoiceId)));
  if (!row) throw notFound('Invoice');
  await findReadableProject(ctx.db, actor, row.projectId);
  return row.projectId;
};

/**
 * A signed order linked to an invoice is in use: it is the invoice's evidence and goes to the order in
 * the accounting system, so it cannot be deleted from the project's documents under the invoice.
 */
export const purchaseOrderFileUser: FileUser = {
  uses: async (db, companyId, fileId) => {
    const [row] = await db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.companyId, companyId), eq(invoices.purchaseOrderFileId, fileId)))
      .limit(1);
    return row !== undefined;
  },
};
