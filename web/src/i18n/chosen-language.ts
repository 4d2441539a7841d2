import type { DisplayLocale } from './catalogue';
import { isLanguage, negotiateLanguage, type Language } from './locales';

const KEY = 'credence.language';

/** The language last chosen in this browser (in the menu, or remembered for the user who signed in here). */
export function locallyChosen(): Language | null {
  try {
    const value = window.localStorage.getItem(KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

export function rememberLocally(language: Language): void {
  try {
    window.localStorage.setItem(KEY, language);
  } catch {
    // Storage refused (private mode, full): the choice holds for this page, and the server remembers a user's.
  }
}

/**
 * The language to start in, before anyone signed in is known: `?lang=pseudo` (never remembered), else the one
 * chosen in this browser, else the browser's own (navigator.languages: what it sends as Accept-Language).
 */
export function startingLocale(search = window.location.search, wanted: readonly string[] = navigator.languages ?? [navigator.language]): DisplayLocale {
  if (new URLSearchParams(search).get('lang') === 'pseudo') return 'pseudo';
  return locallyChosen() ?? negotiateLanguage(wanted);
}
