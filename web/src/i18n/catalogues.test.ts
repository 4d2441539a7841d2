import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';

/**
 * The catalogues against the code and against each other: what `pnpm test` holds every conversion to
 * (docs/i18n.md). English is the reference; every other language has exactly its keys.
 */
const MESSAGES = join(import.meta.dirname, 'messages');
const SRC = join(import.meta.dirname, '..');
const read = (file: string) => JSON.parse(readFileSync(join(MESSAGES, file), 'utf8')) as Record<string, string>;
const catalogues = Object.fromEntries(
  readdirSync(MESSAGES)
    .filter((file) => file.endsWith('.json'))
    .map((file) => [file.replace(/\.json$/, ''), read(file)]),
);
const english = catalogues.en!;
const others = Object.keys(catalogues).filter((locale) => locale !== 'en');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'messages' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every key the code names: any quoted `area.purpose` whose area is one of the catalogue's, however it is passed on. */
function keysInCode(): Map<string, string> {
  const areas = new Set(Object.keys(english).map((key) => key.split('.')[0]));
  const found = new Map<string, string>();
  for (const path of sources(SRC)) {
    for (const [, key] of readFileSync(path, 'utf8').matchAll(/['"`]([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9-]+)+)['"`]/g)) {
      if (areas.has(key!.split('.')[0]) && !found.has(key!)) found.set(key!, relative(SRC, path));
    }
  }
  return found;
}

/** The variables of a message, in any of its branches (`{count}`, `{count, plural, …}`, `#` needs none). */
function variablesOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if (element.type === TYPE.tag) {
      into.add(`<${element.value}>`);
      variablesOf(element.children, into);
      continue;
    }
    into.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) for (const option of Object.values(element.options)) variablesOf(option.value, into);
  }
  return into;
}

/** What is wrong with a message's plural and select forms for `locale` (nothing: an empty list). */
function formProblems(elements: MessageFormatElement[], locale: string): string[] {
  const categories = new Set(new Intl.PluralRules(locale).resolvedOptions().pluralCategories as string[]);
  return elements.flatMap((element): string[] => {
    if (element.type === TYPE.tag) return formProblems(element.children, locale);
    if (element.type !== TYPE.plural && element.type !== TYPE.select) return [];
    const forms = Object.keys(element.options);
    const nested = Object.values(element.options).flatMap((option) => formProblems(option.value, locale));
    const own: string[] = [];
    if (!forms.includes('other')) own.push(`{${element.value}} has no "other" form`);
    if (element.type === TYPE.plural) {
      const unknown = forms.filter((form) => !/^=\d+$/.test(form) && !categories.has(form));
      if (unknown.length) own.push(`{${element.value}} has forms ${locale} does not use: ${unknown.join(', ')}`);
      if (categories.has('one') && !forms.includes('one') && !forms.includes('=1')) own.push(`{${element.value}} has no "one" form`);
    }
    return [...own, ...nested];
  });
}

describe('the catalogues', () => {
  it('have every key the code uses, and no key the code does not use', () => {
    const used = keysInCode();
    const missing = [...used].filter(([key]) => !(key in english)).map(([key, where]) => `${key} (${where})`);
    const unused = Object.keys(english).filter((key) => !used.has(key));
    expect({ missing, unused }).toEqual({ missing: [], unused: [] });
  });

  it.each(others)('%s has exactly the English keys', (locale) => {
    const catalogue = catalogues[locale]!;
    const missing = Object.keys(english).filter((key) => !(key in catalogue));
    const extra = Object.keys(catalogue).filter((key) => !(key in english));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(Object.keys(catalogues))('%s: every message parses, with the plural forms its language needs', (locale) => {
    const problems = Object.entries(catalogues[locale]!).flatMap(([key, message]) => {
      if (message.trim() === '') return [`${key}: empty`];
      try {
        return formProblems(parse(message), locale).map((problem) => `${key}: ${problem}`);
      } catch (error) {
        return [`${key}: ${(error as Error).message}`];
      }
    });
    expect(problems).toEqual([]);
  });

  it.each(others)('%s: each message has the same variables as its English', (locale) => {
    const catalogue = catalogues[locale]!;
    const differing = Object.entries(english).flatMap(([key, message]) => {
      const translated = catalogue[key];
      if (translated === undefined) return [];
      const want = [...variablesOf(parse(message))].sort().join(', ');
      const have = [...variablesOf(parse(translated))].sort().join(', ');
      return want === have ? [] : [`${key}: English has {${want}}, ${locale} has {${have}}`];
    });
    expect(differing).toEqual([]);
  });
});
