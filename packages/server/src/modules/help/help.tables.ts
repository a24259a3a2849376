import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId, updatedAt, version } from '../../platform/db/columns';
import { companies } from '../company/company.tables';

/**
 * The help texts a company's administrators wrote: one per screen and language. A screen without a
 * row shows Karm's built-in text (`help-defaults.ts`); a reset deletes the row.
 */
export const helpTexts = pgTable(
  'help_texts',
  {
    id: primaryId(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** A screen key of the contract's HELP_SCREENS (a route name of the web app). */
    screen: text('screen').notNull(),
    locale: text('locale', { enum: ['en', 'nb'] }).notNull(),
    /** What the administrator wrote, kept so the next edit starts from it. */
    markdown: text('markdown').notNull(),
    /** The Markdown rendered and sanitised when it was saved: what every reader is sent. */
    html: text('html').notNull(),
    /** The user who saved last; no foreign key across modules (each module owns its tables). */
    updatedBy: uuid('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (table) => [
    uniqueIndex('help_texts_company_screen_locale_key').on(table.companyId, table.screen, table.locale),
  ],
);
