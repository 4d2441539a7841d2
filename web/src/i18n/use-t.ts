import { createElement, Fragment, useCallback, useContext, type ReactNode } from 'react';
import { IntlContext, type IntlShape } from 'react-intl';
import { activeIntl, formatWith, type MessageValues } from './active-intl';
import type { MessageKey } from './catalogue';
import { formatDateTime, formatNumber, timeAgo } from '../lib/format';

/** The intl in use: the provider's, or (a component rendered alone, as in a unit test) the language in use, English by default. */
export function useIntlInUse(): IntlShape {
  return useContext(IntlContext) ?? activeIntl();
}

/**
 * `t('needsMe.title')`, `t('needsMe.issueAll.button', { count })`: a message of the catalogue in the language in
 * use, its key checked by the typecheck. The component renders again when the language changes.
 */
export function useT(): (key: MessageKey, values?: MessageValues) => string {
  const intl = useIntlInUse();
  return useCallback((key: MessageKey, values?: MessageValues) => formatWith(intl, key, values), [intl]);
}

/**
 * A message with parts that are elements (a link, a name with its own title): `tRich('needsMe.item.from', { person: <ConnectionName …/>, ago: <span …/> })`.
 * The words around them, and their order, are the catalogue's.
 */
export function useRichT(): (key: MessageKey, values: Record<string, ReactNode>) => ReactNode {
  const intl = useIntlInUse();
  return useCallback(
    (key: MessageKey, values: Record<string, ReactNode>) => {
      const parts: ReactNode = intl.formatMessage({ id: key }, values);
      // Its parts as the children of one fragment: a list of elements would want keys.
      return Array.isArray(parts) ? createElement(Fragment, null, ...(parts as ReactNode[])) : parts;
    },
    [intl],
  );
}

/** Dates, times, "3 hours ago" and numbers in the language in use (lib/format's, given the locale). */
export function useFormat() {
  const { locale } = useIntlInUse();
  return {
    locale,
    dateTime: (iso: string) => formatDateTime(iso, locale),
    timeAgo: (iso: string, now?: number) => timeAgo(iso, now, locale),
    number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, locale, options),
  };
}
