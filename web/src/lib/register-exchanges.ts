import { type IssuedStatus, type RegisterExchange, type RegisterKind, type RegisterSort, consoleApiRefs } from '@credence/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi, urlFor } from './api-client';
import { registerKeys } from './query-keys';
import { inMyTimeZone } from './time-zone';

/** One page of a list, with its total when the source counts its rows (the register does). */
export interface ListPage<T> {
  rows: T[];
  hasNext: boolean;
  total?: number;
  /** More rows match than `total` (a search counts only so far). */
  totalCapped?: boolean;
}

export interface RegisterListQuery {
  filters: Partial<Record<string, string>>;
  sort: RegisterSort;
  size: number;
  offset: number;
}

/** One of the register's counted answers (`{ total, total_capped, results }`) asked for from `offset`, as a list page. */
export function registerListPage<T>(answer: { results: T[]; total: number; total_capped?: boolean | undefined }, offset: number): ListPage<T> {
  return { rows: answer.results, total: answer.total, totalCapped: answer.total_capped === true, hasNext: offset + answer.results.length < answer.total };
}

/** A page of the register's credential or presentation exchanges: kept past the agent, counted, sorted. */
export async function fetchRegisterPage(
  kind: RegisterKind,
  { filters, sort, size, offset }: RegisterListQuery,
  signal: AbortSignal,
): Promise<ListPage<RegisterExchange>> {
  return registerListPage(await callApi(consoleApiRefs.registerExchanges, { query: { ...filters, kind, sort, limit: size, offset } }, { signal }), offset);
}

/** The CSV export of every exchange matching the list's filters, in its order. */
export function registerExportHref(kind: RegisterKind, filters: Partial<Record<string, string>>, sort: RegisterSort): string {
  return inMyTimeZone(urlFor(consoleApiRefs.registerExchangesExport, { query: { ...filters, kind, sort } }));
}

/** The register's copy of one exchange, or null when it never saw it. */
export async function fetchKeptExchange(kind: RegisterKind, id: string, signal: AbortSignal): Promise<RegisterExchange | null> {
  const page = await callApi(consoleApiRefs.registerExchanges, { query: { kind, exchange_id: id, limit: 1 } }, { signal });
  return page.results[0] ?? null;
}

/** The revocation status the register holds for the credential one exchange issued, or null (not issued, not kept). */
export async function fetchIssuedStatus(credExId: string, signal: AbortSignal): Promise<IssuedStatus | null> {
  const page = await callApi(consoleApiRefs.registerCredentials, { query: { cred_ex_id: credExId, limit: 1, offset: 0, sort: '-issued' } }, { signal });
  return page.results[0]?.status ?? null;
}

/** The register's revocation status of the credential one exchange issued (null: not issued, not kept). */
export const issuedStatusQuery = (credExId: string) =>
  queryOptions({ queryKey: registerKeys.issuedStatus(credExId), queryFn: ({ signal }) => fetchIssuedStatus(credExId, signal) });
