import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { HELP_SCREENS, type HelpScreen, isHelpScreen } from '@karm/domain/contract';
import { LOCALES, type Locale } from '@karm/domain/i18n';
import { renderSafeMarkdown } from '../../platform/rich-text/markdown';

/**
 * Karm's built-in help: `packages/server/help-texts/<locale>/<screen>.md`, outside src/ so the path is
 * the same from the sources and from the built bundle (dist/ mirrors src/).
 */
export const HELP_DEFAULTS_FOLDER = path.resolve(import.meta.dirname, '../../../help-texts');

export type DefaultHelpText = { markdown: string; html: string };
type DefaultHelpTexts = ReadonlyMap<string, DefaultHelpText>;

const keyOf = (screen: HelpScreen, locale: Locale) => `${locale}/${screen}`;

const readDefaults = async (folder: string): Promise<DefaultHelpTexts> => {
  const texts = new Map<string, DefaultHelpText>();
  for (const locale of LOCALES) {
    const files = await readdir(path.join(folder, locale));
    for (const file of files) {
      const screen = path.basename(file, '.md');
      if (!file.endsWith('.md') || !isHelpScreen(screen)) continue;
      const markdown = await readFile(path.join(folder, locale, file), 'utf8');
      texts.set(keyOf(screen, locale), { markdown, html: renderSafeMarkdown(markdown) });
    }
  }
  return texts;
};

let loaded: Promise<DefaultHelpTexts> | undefined;

/** The built-in text of a screen in a language, read and rendered once per process; undefined if none. */
export const defaultHelpText = async (screen: HelpScreen, locale: Locale) => {
  loaded ??= readDefaults(HELP_DEFAULTS_FOLDER);
  return (await loaded).get(keyOf(screen, locale));
};

/** Every screen that has a built-in text in `locale` (for the tests that keep the folder honest). */
export const screensWithDefaults = async (locale: Locale) => {
  const found: HelpScreen[] = [];
  for (const screen of HELP_SCREENS) if (await defaultHelpText(screen, locale)) found.push(screen);
  return found;
};
