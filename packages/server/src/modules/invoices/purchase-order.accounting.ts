import type { AccountingPort } from '../../integrations/accounting/port';
import type { AppContext } from '../../platform/context';
import { readStoredFile } from '../files/files.service';
import type { invoices } from './invoices.tables';

type InvoiceRow = typeof invoices.$inferSelect;

/**
 * Attaches the customer's signed order (README "Invoicing") to the invoice's order in the accounting
 * system, answering the columns that record it — or null when there is nothing to attach. Once only:
 * an upload's answer may be lost after Tripletex stored the file, so a retry first looks among the
 * order's documents for one of the same file name. A file deleted from the project since has nothing
 * left to send.
 */
export const attachMissingPurchaseOrder = async (ctx: AppContext, port: AccountingPort, row: InvoiceRow) => {
  const { purchaseOrderFileId: fileId, accountingOrderId: orderId } = row;
  if (!fileId || !orderId || fileId === row.purchaseOrderAttachedFileId) return null;
  const file = await readStoredFile(ctx, row.companyId, fileId);
  if (!file) return null;
  const isRetry = row.syncAttempts > 0;
  const isThere =
    isRetry && (await port.listOrderAttachments(orderId)).some((document) => document.fileName === file.name);
  if (!isThere) {
    await port.attachToOrder(orderId, {
      fileName: file.name,
      contentType: file.mimeType,
      bytes: file.bytes,
    });
  }
  return { purchaseOrderAttachedFileId: fileId, purchaseOrderAttachedAt: ctx.clock.now() };
};
