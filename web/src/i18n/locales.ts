import { languages, type Language } from '@credence/shared';

export type { Language };
export const defaultLanguage: Language = languages[0];

/** Each language named in itself, as a person looking for their own reads it. */
export const languageNames: Record<Language, string> = {
  en: 'English',
  'fr-CA': 'Français',
};

export const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (languages as readonly string[]).includes(value);

/**
 * The language to speak to someone whose browser asks for `wanted` (navigator.languages, or the tags of an
 * Accept-Language header in order): the first tag we have, exactly or by its language alone (`fr`, `fr-FR`,
 * `fr-BE` → `fr-CA`; `en-GB` → `en`), else the default.
 */
export function negotiateLanguage(wanted: readonly string[]): Language {
  for (const tag of wanted) {
    const exact = languages.find((language) => language.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const base = tag.split('-')[0]!.toLowerCase();
    const sameLanguage = languages.find((language) => language.split('-')[0]!.toLowerCase() === base);
    if (sameLanguage) return sameLanguage;
  }
  return defaultLanguage;
}
