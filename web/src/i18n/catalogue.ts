import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Language } from './locales';
import en from './messages/en.json';

/** Every key of the catalogues: English is the reference every other catalogue is checked against. */
export type MessageKey = keyof typeof en;
/** Each message as written (tests), or compiled to its AST (the build: see precompiled-catalogues.ts). */
export type Catalogue = Record<string, string | MessageFormatElement[]>;

/** What the page is shown in: a language of ours, or the pseudo-locale that finds text outside the catalogues. */
export type DisplayLocale = Language | 'pseudo';

export const englishCatalogue: Record<MessageKey, string | MessageFormatElement[]> = en;

// English is in the first load; any other catalogue is a chunk of its own, fetched when chosen.
const otherCatalogues = import.meta.glob<{ default: Catalogue }>(['./messages/*.json', '!./messages/en.json']);

/**
 * The locale tag Intl formats with and `<html lang>` says: English as the browser writes it (`en-GB` dates for a
 * British browser, `en-CA` for a Canadian one, as before the catalogues), every other language as its catalogue
 * is written; the pseudo-locale's is `en-XA`.
 */
export function intlTagOf(locale: DisplayLocale, wanted: readonly string[] = browserLanguages()): string {
  if (locale === 'pseudo') return 'en-XA';
  if (locale !== 'en') return locale;
  const english = wanted.find((tag) => /^en(-[A-Za-z]{2})?$/i.test(tag));
  return english ?? 'en';
}

const browserLanguages = (): readonly string[] => (typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));

export async function loadCatalogue(locale: DisplayLocale): Promise<Catalogue> {
  if (locale === 'en') return englishCatalogue;
  if (locale === 'pseudo') return (await import('./pseudo')).pseudoLocalize(englishCatalogue);
  const load = otherCatalogues[`./messages/${locale}.json`];
  if (!load) throw new Error(`No catalogue for ${locale}: add web/src/i18n/messages/${locale}.json`);
  return (await load()).default;
}
