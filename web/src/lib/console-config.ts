import type { ConsoleConfig } from '@credence/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './api';

export const fetchConsoleConfig = () => apiFetch<ConsoleConfig>('/api/config');

export const consoleConfigQueries = {
  all: () => ['config'] as const,
  current: () =>
    queryOptions({
      queryKey: [...consoleConfigQueries.all(), 'current'] as const,
      queryFn: fetchConsoleConfig,
      staleTime: 60_000,
    }),
};
