import { and, eq, inArray } from 'drizzle-orm';
import type { DocumentOwner } from '../files/document-owners';
import { findOwnInquiry, publishInquiry } from './inquiries.service';
import { inquiries } from './inquiries.tables';
import { recordHistory } from './inquiry-history';

/**
 * Inquiries own documents uploaded through the files module (type 'document', entityId = the
 * inquiry's id): only an inquiry of the uploader's company takes one, and adding or deleting one
 * writes the inquiry's history and pushes the inquiry to the company.
 */
export const inquiryDocumentOwner: DocumentOwner = {
  kind: 'inquiry',
  access: { write: 'inquiries.write', read: 'inquiries.read' },
  // Whoever holds inquiries.read reads every inquiry of the company.
  recordIds: (db, companyId) =>
    db.select({ id: inquiries.id }).from(inquiries).where(eq(inquiries.companyId, companyId)),
  labels: async (db, companyId, ids) => {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: inquiries.id, number: inquiries.number, name: inquiries.projectName })
      .from(inquiries)
      .where(and(eq(inquiries.companyId, companyId), inArray(inquiries.id, ids)));
    return new Map(rows.map((row) => [row.id, { number: row.number, name: row.name }]));
  },
  owns: async (db, companyId, entityId) => {
    const [row] = await db
      .select({ id: inquiries.id })
      .from(inquiries)
      .where(and(eq(inquiries.companyId, companyId), eq(inquiries.id, entityId)));
    return row !== undefined;
  },
  record: (tx, actor, entityId, change) =>
    recordHistory(tx, actor, entityId, { action: change.action, detail: change.file.originalName }),
  announce: async (ctx, actor, entityId) =>
    publishInquiry(ctx, actor.companyId, await findOwnInquiry(ctx.db, actor.companyId, entityId)),
};
