import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { englishCatalogue, intlTagOf, type Catalogue, type DisplayLocale, type MessageKey } from './catalogue';
import { defaultLanguage } from './locales';

export type MessageValues = Record<string, string | number | Date | null | undefined>;

const cache = createIntlCache();

export function intlFor(locale: DisplayLocale, messages: Catalogue): IntlShape {
  // Strings (tests) or ASTs (the build): react-intl takes either, though its type wants one kind throughout.
  return createIntl({ locale: intlTagOf(locale), defaultLocale: defaultLanguage, messages: messages as Record<string, string> }, cache);
}

// The language in use, for code that runs outside React's tree (a toast raised by the query client, lib/format):
// set by I18nProvider before it renders in a new language. English until then, and in tests.
let active = { locale: defaultLanguage as DisplayLocale, intl: intlFor(defaultLanguage, englishCatalogue) };

export const activeIntl = (): IntlShape => active.intl;
export const activeLocale = (): DisplayLocale => active.locale;
/** The Intl tag to format with (`fr-CA`; `en-XA` for the pseudo-locale). */
export const activeIntlTag = (): string => active.intl.locale;

export function setActiveIntl(locale: DisplayLocale, intl: IntlShape): void {
  active = { locale, intl };
}

/** A message in the language in use: for code outside components. Inside one, `useT()`, which re-renders when it changes. */
export function translate(key: MessageKey, values?: MessageValues): string {
  return formatWith(active.intl, key, values);
}

export function formatWith(intl: IntlShape, key: MessageKey, values?: MessageValues): string {
  return String(intl.formatMessage({ id: key }, values as Record<string, string | number | Date>));
}
