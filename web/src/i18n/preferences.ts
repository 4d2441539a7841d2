import { consoleApiRefs, type Language } from '@credence/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../lib/api-client';

/** What the signed-in user chose for themselves, remembered by the server (every instance, every browser). */
export const preferenceQueries = {
  mine: () =>
    queryOptions({
      queryKey: ['preferences'] as const,
      queryFn: ({ signal }) => callApi(consoleApiRefs.preferences, {}, { signal }),
      staleTime: Infinity,
    }),
};

export const saveLanguage = (language: Language) => callApi(consoleApiRefs.setPreferences, { body: { language } });
