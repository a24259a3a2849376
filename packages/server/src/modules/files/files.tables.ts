import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId } from '../../platform/db/columns';
import { companies } from '../company/company.tables';

export const files = pgTable(
  'files',
  {
    id: primaryId(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** What the file is for (logo, footer, inquiry-document…), from the contract's list. */
    type: text('type').notNull(),
    entityId: uuid('entity_id'),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Server-made name under DATA_DIR/files; nothing the client sends becomes a path. */
    storageKey: text('storage_key').notNull().unique(),
    /** A picture's small copy (service pictures), stored beside it as WebP. */
    thumbnailKey: text('thumbnail_key'),
    uploadedBy: uuid('uploaded_by'),
    createdAt: createdAt(),
  },
  (table) => [index('files_company_entity_idx').on(table.companyId, table.type, table.entityId)],
);
