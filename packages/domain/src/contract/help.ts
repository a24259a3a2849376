import { z } from 'zod';
import { LOCALES, type Locale } from '../i18n/index';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '../rules/validation-messages';
import { socketEvent } from './define';
import { HELP_SCREENS, type HelpScreen } from './help-screens';

/** The longest help text an administrator may save (Markdown source, in characters). */
export const HELP_MARKDOWN_MAX_LENGTH = 20_000;

/**
 * Where a screen's text comes from: the company's administrators wrote it, Karm ships it as the
 * built-in default, or there is none yet.
 */
export const HELP_SOURCES = ['company', 'default', 'none'] as const;
export type HelpSource = (typeof HELP_SOURCES)[number];

/** What the Help dialog shows: the screen's text in one language, as sanitised HTML. */
export type ScreenHelpDto = {
  screen: HelpScreen;
  locale: Locale;
  source: HelpSource;
  /** Rendered from Markdown and sanitised by the server; empty when `source` is `none`. */
  html: string;
};

/** One screen's text in one language as the admin tab edits it. */
export type HelpTextDto = ScreenHelpDto & {
  /** The company's Markdown, else the built-in default's (so an edit starts from it), else empty. */
  markdown: string;
  /** Whether Karm ships a built-in text that a reset returns to. */
  hasDefault: boolean;
  /** 0 while the company has no text of its own; the first save states 0. */
  version: number;
  updatedAt: string | null;
  updatedBy: { id: string; displayName: string } | null;
};

const screenSchema = z.enum(HELP_SCREENS);
const localeSchema = z.enum(LOCALES);

export const helpMarkdownSchema = z
  .string()
  .max(HELP_MARKDOWN_MAX_LENGTH, messageWithParams(MESSAGES.tooLong, { max: HELP_MARKDOWN_MAX_LENGTH }));

export const screenHelpQuerySchema = z.object({ screen: screenSchema, locale: localeSchema });

export const helpTextSaveSchema = z.object({
  screen: screenSchema,
  locale: localeSchema,
  version: z.number().int().min(0),
  markdown: helpMarkdownSchema.refine((markdown) => markdown.trim() !== '', MESSAGES.required),
});
export type HelpTextSaveInput = z.input<typeof helpTextSaveSchema>;

export const helpTextResetSchema = z.object({
  screen: screenSchema,
  locale: localeSchema,
  version: z.number().int().min(1),
});

export const helpPreviewSchema = z.object({ markdown: helpMarkdownSchema });

/** Pushed to the company after a save or reset, so an open Help dialog and the admin tab update. */
export const HELP_PUSHES = { changed: 'help:changed' } as const;

export const helpEvents = {
  'help:get': socketEvent<ScreenHelpDto>()(screenHelpQuerySchema),
  'help:list': socketEvent<HelpTextDto[]>()(z.unknown()),
  'help:save': socketEvent<HelpTextDto>()(helpTextSaveSchema),
  'help:reset': socketEvent<HelpTextDto>()(helpTextResetSchema),
  'help:preview': socketEvent<{ html: string }>()(helpPreviewSchema),
};
