import { consoleApiRefs } from '@credence/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from './api-client';

export const fetchConsoleConfig = () => callApi(consoleApiRefs.config);

export const consoleConfigQueries = {
  all: () => ['config'] as const,
  current: () =>
    queryOptions({
      queryKey: [...consoleConfigQueries.all(), 'current'] as const,
      queryFn: fetchConsoleConfig,
      staleTime: 60_000,
    }),
};
