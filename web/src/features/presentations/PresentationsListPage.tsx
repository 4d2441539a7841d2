import { presentationRoles, presentationStates, type RegisterExchange } from '@credence/shared';
import type { QueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { AttributeValues, KeptConnection, KeptState, NextStep, StartedLink, UpdatedAgo } from '../../components/exchange-list/cells';
import { ExchangeListBody } from '../../components/exchange-list/ExchangeListBody';
import { ValuesErasedNote } from '../../components/ui/ValuesErasedNote';
import { FiltersBar } from '../../components/exchange-list/FiltersBar';
import { filtersOf, readListParams, useListParams } from '../../components/exchange-list/list-params';
import { useSlicedList } from '../../components/exchange-list/sliced-list';
import { VerifiedBadge } from '../../components/ui/VerifiedBadge';
import { useConnections } from '../../lib/connections';
import { useT } from '../../i18n/use-t';
import { useExchangeWords } from '../../lib/exchange-words';
import { registerExportHref } from '../../lib/register-exchanges';
import { presentationQueries } from './queries';

const column = createColumnHelper<RegisterExchange>();

/** Asks for the page the address names while the page itself renders (the route's loader calls it). */
export function prefetchPresentationsList(queryClient: QueryClient, search: URLSearchParams): void {
  void readListParams(search, 'presentation').then((params) => queryClient.prefetchInfiniteQuery(presentationQueries.list(params)));
}

/** Every presentation exchange Credence has seen, from its register (also those the agent removed). */
export function PresentationsListPage() {
  const { params, update, clearFilters, hasFilters } = useListParams('presentation');
  const { query, list } = useSlicedList(presentationQueries.list(params), params);
  const connections = useConnections();
  const t = useT();
  const words = useExchangeWords();

  const columns = useMemo(
    () => [
      column.accessor('created_at', {
        header: t('list.column.started'),
        cell: (info) => <StartedLink href={`/presentations/${info.row.original.exchange_id}`} at={info.getValue()} listLabel={t('presentations.list.title')} />,
      }),
      column.accessor('connection_label', {
        header: t('list.column.connection'),
        cell: (info) => <KeptConnection id={info.row.original.connection_id} label={info.getValue()} labelOf={connections.labelOf} />,
      }),
      column.display({
        id: 'request',
        header: t('list.column.request'),
        cell: (info) => info.row.original.requested?.name ?? <span className="muted">—</span>,
      }),
      column.accessor('attributes', {
        id: 'values',
        header: t('list.column.values'),
        // Proved only once the agent verified them: until then a verifier's values are the wallet's claim.
        cell: (info) => {
          const row = info.row.original;
          const standing =
            row.role !== 'verifier' || row.attributes.length === 0
              ? undefined
              : row.verified === true
                ? undefined
                : row.verified === false
                  ? t('presentations.list.notVerified')
                  : t('presentations.list.claimed');
          return (
            <>
              {row.values_erased ? <ValuesErasedNote erased={row.values_erased} /> : <AttributeValues attributes={info.getValue()} shown={3} />}
              {standing && <div className="muted small">{standing}</div>}
            </>
          );
        },
      }),
      column.accessor('state', {
        header: t('list.column.state'),
        cell: (info) => <KeptState state={info.getValue()} removed={info.row.original.removed_from_agent} />,
      }),
      column.accessor('role', { header: t('list.column.role'), meta: { hideOnPhone: true }, cell: (info) => words.role(info.getValue()) }),
      column.accessor('updated_at', {
        meta: { hideOnPhone: true },
        header: t('list.column.updated'),
        cell: (info) => <UpdatedAgo at={info.getValue()} />,
      }),
      column.accessor('verified', {
        header: t('list.column.result'),
        // Only the verifier learns a result, once it verified; until then (and for the prover) there is none to show.
        cell: (info) =>
          info.row.original.role === 'verifier' && info.getValue() !== null ? (
            <VerifiedBadge verified={info.getValue()} />
          ) : (
            <span className="muted" title={t('presentations.list.noResult')}>
              —
            </span>
          ),
      }),
      column.display({
        id: 'action',
        header: t('list.column.nextStep'),
        cell: (info) => {
          const record = info.row.original;
          return <NextStep errorMsg={record.error_msg} kind="presentation" state={record.removed_from_agent ? undefined : record.state} />;
        },
      }),
    ],
    [connections, t, words],
  );

  return (
    <section aria-labelledby="presentations-title">
      <div className="page-head">
        <h1 id="presentations-title">{t('presentations.list.title')}</h1>
        <p className="muted">{t('presentations.list.intro')}</p>
        <div className="page-actions">
          <a className="button subtle hide-narrow" href={registerExportHref('presentation', filtersOf(params), params.sort)} download>
            {t('list.exportCsv')}
          </a>
          <Link to="/presentations/counter" className="button">
            {t('presentations.list.counter')}
          </Link>
          <Link to="/presentations/new" className="button primary">
            {t('presentations.list.request')}
          </Link>
        </div>
      </div>
      <FiltersBar
        kind="presentation"
        params={params}
        states={presentationStates}
        roles={presentationRoles}
        connections={connections.options}
        onChange={update}
        onClear={clearFilters}
        hasFilters={hasFilters}
      />
      <ExchangeListBody
        query={query}
        list={list}
        noun="presentation exchanges"
        columns={columns}
        getRowId={(r) => r.exchange_id}
        params={params}
        hasFilters={hasFilters}
        clearFilters={clearFilters}
        update={update}
      />
    </section>
  );
}
