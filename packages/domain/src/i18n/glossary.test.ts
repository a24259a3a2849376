import { describe, expect, it } from 'vitest';
import { resources } from './index';

/** The variants GLOSSARY.md rules out, per language: a text using one names the wrong word. */
const RULED_OUT: Record<'en' | 'nb', RegExp[]> = {
  en: [/\bpost code\b/i, /\bquotation\b/i],
  nb: [
    /\bmontering\w*/i,
    /\bmonteringstid\b/i,
    /\binstallasjon\w*/i,
    /\bhenvendelse\w*/i,
    /\btofaktor\w*/i,
    /\breservekode\w*/i,
  ],
};

const textsOf = (tree: unknown, path = ''): [string, string][] =>
  typeof tree === 'string'
    ? [[path, tree]]
    : Object.entries(tree as Record<string, unknown>).flatMap(([key, value]) =>
        textsOf(value, path ? `${path}.${key}` : key),
      );

describe('glossary', () => {
  it.each(['en', 'nb'] as const)('%s texts use the glossary words', (locale) => {
    const offending = textsOf(resources[locale]).filter(([, text]) =>
      RULED_OUT[locale].some((pattern) => pattern.test(text)),
    );
    expect(offending).toEqual([]);
  });
});
