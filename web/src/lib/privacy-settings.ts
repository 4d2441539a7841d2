import { consoleApiRefs } from '@credence/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from './api-client';

/** What Credence keeps and for how long (`/privacy`): keys generic → specific. */
export const privacyQueries = {
  all: () => ['privacy'] as const,
  settings: () =>
    queryOptions({
      queryKey: [...privacyQueries.all(), 'settings'] as const,
      queryFn: ({ signal }) => callApi(consoleApiRefs.privacy, {}, { signal }),
    }),
};
