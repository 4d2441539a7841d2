import type { ConsoleConfig } from '@credence/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './api';

export const consoleConfigQueries = {
  all: () => ['config'] as const,
  current: () =>
    queryOptions({
      queryKey: [...consoleConfigQueries.all(), 'current'] as const,
      queryFn: () => apiFetch<ConsoleConfig>('/api/config'),
      staleTime: 60_000,
    }),
};
