import { type AuditQuery, consoleApiRefs } from '@credence/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { auditKeys } from '../../lib/query-keys';

export const AUDIT_PAGE = 50;

export type AuditFilters = Pick<AuditQuery, 'actor' | 'via' | 'action' | 'outcome' | 'from' | 'to' | 'sign_ins'> & { offset: number };

export const auditQueries = {
  all: auditKeys.all,
  page: (filters: AuditFilters) =>
    queryOptions({
      queryKey: [...auditKeys.all(), filters] as const,
      queryFn: ({ signal }) => callApi(consoleApiRefs.audit, { query: { ...filters, limit: AUDIT_PAGE } }, { signal }),
      placeholderData: keepPreviousData,
    }),
  /** Whether every entry is as it was written: asked for, never kept (each check reads the log as it is now). */
  verify: () =>
    queryOptions({
      queryKey: [...auditKeys.all(), 'verify'] as const,
      queryFn: ({ signal }) => callApi(consoleApiRefs.auditVerify, {}, { signal }),
      gcTime: 0,
      staleTime: 0,
    }),
};
