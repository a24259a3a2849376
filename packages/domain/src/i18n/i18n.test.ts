import { describe, expect, it } from 'vitest';
import { LOCALES, NAMESPACES, resources } from './index';
import { loadTranslations } from './load';

type Tree = { [key: string]: string | Tree };

const flatten = (tree: Tree, prefix = '', flat: Record<string, string> = {}): Record<string, string> => {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat[path] = value;
    else flatten(value, path, flat);
  }
  return flat;
};

describe('translations', () => {
  it('lists every namespace', () => {
    expect([...NAMESPACES].sort()).toEqual(Object.keys(resources.en).sort());
  });

  it.each(LOCALES.flatMap((locale) => NAMESPACES.map((namespace) => [locale, namespace] as const)))(
    '%s/%s loads on demand as it is bundled',
    async (locale, namespace) => {
      expect(await loadTranslations(locale, namespace)).toEqual(resources[locale][namespace]);
    },
  );

  it.each(NAMESPACES)('%s has the same keys in every language', (namespace) => {
    const [first, ...others] = LOCALES.map((locale) =>
      Object.keys(flatten(resources[locale][namespace] as Tree)).sort(),
    );
    for (const keys of others) expect(keys).toEqual(first);
  });

  it.each(LOCALES.flatMap((locale) => NAMESPACES.map((namespace) => [locale, namespace] as const)))(
    '%s/%s has no empty values',
    (locale, namespace) => {
      const empty = Object.entries(flatten(resources[locale][namespace] as Tree))
        .filter(([, text]) => text.trim() === '')
        .map(([key]) => key);
      expect(empty).toEqual([]);
    },
  );
});
