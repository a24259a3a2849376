import {
  HELP_PUSHES,
  HELP_SCREENS,
  type HelpScreen,
  type HelpTextDto,
  type helpPreviewSchema,
  type helpTextResetSchema,
  type helpTextSaveSchema,
  type ScreenHelpDto,
  type screenHelpQuerySchema,
} from '@karm/domain/contract';
import { LOCALES, type Locale } from '@karm/domain/i18n';
import { VALIDATION_MESSAGE_KEYS } from '@karm/domain/rules';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { conflict, validationError } from '../../platform/errors';
import { renderSafeMarkdown } from '../../platform/rich-text/markdown';
import { userNamesByIds } from '../auth/users.repository';
import { helpTexts } from './help.tables';
import { defaultHelpText } from './help-defaults';

type HelpTextRow = typeof helpTexts.$inferSelect;
type HelpKey = { screen: HelpScreen; locale: Locale };

/** The company's row of one screen and language; at `version` only, when one is given. */
const textOfCompany = (companyId: string, { screen, locale }: HelpKey, version?: number) =>
  and(
    eq(helpTexts.companyId, companyId),
    eq(helpTexts.screen, screen),
    eq(helpTexts.locale, locale),
    version === undefined ? undefined : eq(helpTexts.version, version),
  );

const rowOf = async (db: Executor, companyId: string, key: HelpKey) => {
  const [row] = await db.select().from(helpTexts).where(textOfCompany(companyId, key));
  return row;
};

/** A screen's text as the admin tab shows it: the company's own, else the built-in one, else none. */
const toHelpTextDto = async (
  key: HelpKey,
  row: HelpTextRow | undefined,
  names: ReadonlyMap<string, string>,
): Promise<HelpTextDto> => {
  const builtIn = await defaultHelpText(key.screen, key.locale);
  const shown = row ?? builtIn;
  return {
    ...key,
    source: row ? 'company' : builtIn ? 'default' : 'none',
    html: shown?.html ?? '',
    markdown: shown?.markdown ?? '',
    hasDefault: builtIn !== undefined,
    version: row?.version ?? 0,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    updatedBy: row?.updatedBy ? { id: row.updatedBy, displayName: names.get(row.updatedBy) ?? '' } : null,
  };
};

const dtoWithName = async (db: Executor, key: HelpKey, row: HelpTextRow | undefined) =>
  toHelpTextDto(key, row, await userNamesByIds(db, row?.updatedBy ? [row.updatedBy] : []));

/** The Help dialog's text for one screen in the reader's language (SPEC §2 header "Help"). */
export const getScreenHelp = async (
  ctx: AppContext,
  actor: Actor,
  key: z.output<typeof screenHelpQuerySchema>,
): Promise<ScreenHelpDto> => {
  const row = await rowOf(ctx.db, actor.companyId, key);
  const shown = row ?? (await defaultHelpText(key.screen, key.locale));
  return { ...key, source: row ? 'company' : shown ? 'default' : 'none', html: shown?.html ?? '' };
};

/** Every screen in every language with where its text comes from: the admin tab "Help". */
export const listHelpTexts = async (ctx: AppContext, actor: Actor): Promise<HelpTextDto[]> => {
  const rows = await ctx.db.select().from(helpTexts).where(eq(helpTexts.companyId, actor.companyId));
  const names = await userNamesByIds(
    ctx.db,
    rows.flatMap((row) => (row.updatedBy ? [row.updatedBy] : [])),
  );
  const rowOfKey = new Map(rows.map((row) => [`${row.screen}/${row.locale}`, row]));
  return Promise.all(
    HELP_SCREENS.flatMap((screen) =>
      LOCALES.map((locale) => toHelpTextDto({ screen, locale }, rowOfKey.get(`${screen}/${locale}`), names)),
    ),
  );
};

/** Markdown as the server would store it, so the editor's preview is exactly what readers get. */
export const previewHelpText = (input: z.output<typeof helpPreviewSchema>): { html: string } => ({
  html: renderSafeMarkdown(input.markdown),
});

const publish = (ctx: AppContext, actor: Actor, dto: HelpTextDto) =>
  ctx.realtime.toCompany(actor.companyId, HELP_PUSHES.changed, dto);

/**
 * Saves the company's text of one screen in one language, rendered and sanitised once here. The save
 * states the version it read: 0 for the company's first text of the screen, which only one of two
 * racing first saves can create.
 */
export const saveHelpText = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof helpTextSaveSchema>,
): Promise<HelpTextDto> => {
  const { screen, locale, version, markdown } = input;
  const html = renderSafeMarkdown(markdown);
  // Markdown that is nothing but removed HTML would leave readers an empty dialog.
  if (html === '')
    throw validationError({ markdown: VALIDATION_MESSAGE_KEYS.required }, 'The help text is empty');
  const values = { markdown, html, updatedBy: actor.userId, updatedAt: ctx.clock.now() };
  const [row] =
    version === 0
      ? await ctx.db
          .insert(helpTexts)
          .values({ companyId: actor.companyId, screen, locale, ...values })
          .onConflictDoNothing({ target: [helpTexts.companyId, helpTexts.screen, helpTexts.locale] })
          .returning()
      : await ctx.db
          .update(helpTexts)
          .set({ ...values, version: sql`${helpTexts.version} + 1` })
          .where(textOfCompany(actor.companyId, { screen, locale }, version))
          .returning();
  if (!row) throw conflict('The help text was changed by someone else');
  const dto = await dtoWithName(ctx.db, { screen, locale }, row);
  publish(ctx, actor, dto);
  return dto;
};

/** Removes the company's text of one screen and language (at the version read): the built-in one shows again. */
export const resetHelpText = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof helpTextResetSchema>,
): Promise<HelpTextDto> => {
  const { screen, locale, version } = input;
  const [removed] = await ctx.db
    .delete(helpTexts)
    .where(textOfCompany(actor.companyId, { screen, locale }, version))
    .returning({ id: helpTexts.id });
  if (!removed) throw conflict('The help text was changed by someone else');
  const dto = await toHelpTextDto({ screen, locale }, undefined, new Map());
  publish(ctx, actor, dto);
  return dto;
};

/** The demo company's own help texts (seed only), saved as its administrator would. */
export const seedHelpText = async (
  db: Executor,
  values: { companyId: string; userId: string; screen: HelpScreen; locale: Locale; markdown: string },
) => {
  await db
    .insert(helpTexts)
    .values({ ...values, updatedBy: values.userId, html: renderSafeMarkdown(values.markdown) });
};
