import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { RawIntlProvider, type IntlShape } from 'react-intl';
import { activeIntl, activeLocale, intlFor, setActiveIntl } from './active-intl';
import { loadCatalogue, type DisplayLocale } from './catalogue';

interface LocaleChoice {
  locale: DisplayLocale;
  /** Shows the app in `locale` once its catalogue is in (the page keeps its state meanwhile). */
  show: (locale: DisplayLocale) => Promise<void>;
}

const LocaleContext = createContext<LocaleChoice>({ locale: 'en', show: () => Promise.resolve() });
export const useLocaleChoice = () => useContext(LocaleContext);

/** Loads the first language before the app renders, so a French user never sees English first. */
export async function prepareLocale(locale: DisplayLocale): Promise<void> {
  try {
    setActiveIntl(locale, intlFor(locale, await loadCatalogue(locale)));
  } catch (error) {
    // A catalogue that cannot be fetched (a deploy replaced it) must not keep the console from opening: English.
    console.warn(`[i18n] ${locale} could not be loaded; showing English.`, error);
  }
}

/** The app in the language chosen: react-intl's context, `<html lang>`, and the language for code outside React. */
export function I18nProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<{ locale: DisplayLocale; intl: IntlShape }>(() => ({ locale: activeLocale(), intl: activeIntl() }));
  const latest = useRef(0);
  const show = useCallback(async (locale: DisplayLocale) => {
    const asked = ++latest.current;
    let intl: IntlShape;
    try {
      intl = intlFor(locale, await loadCatalogue(locale));
    } catch (error) {
      // The catalogue could not be fetched (offline, a deploy replaced it): the page stays in the language it is in.
      console.warn(`[i18n] ${locale} could not be loaded.`, error);
      return;
    }
    // Two choices in quick succession: the last one wins, whichever catalogue arrives first.
    if (asked !== latest.current) return;
    setActiveIntl(locale, intl);
    setCurrent({ locale, intl });
  }, []);
  useEffect(() => {
    document.documentElement.lang = current.intl.locale;
  }, [current.intl]);
  const choice = useMemo(() => ({ locale: current.locale, show }), [current.locale, show]);
  return (
    <LocaleContext.Provider value={choice}>
      <RawIntlProvider value={current.intl}>{children}</RawIntlProvider>
    </LocaleContext.Provider>
  );
}
