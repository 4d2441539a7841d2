import { credentialRoles, credentialStates, type RegisterExchange } from '@credence/shared';
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
import { useConnections } from '../../lib/connections';
import { useT } from '../../i18n/use-t';
import { useExchangeWords } from '../../lib/exchange-words';
import { schemaLabel } from '../../lib/format';
import { registerExportHref } from '../../lib/register-exchanges';
import { credentialQueries } from './queries';

const column = createColumnHelper<RegisterExchange>();

/** Asks for the page the address names while the page itself renders (the route's loader calls it). */
export function prefetchCredentialsList(queryClient: QueryClient, search: URLSearchParams): void {
  void readListParams(search, 'credential').then((params) => queryClient.prefetchInfiniteQuery(credentialQueries.list(params)));
}

/**
 * Every credential exchange Credence has seen, from its register: those the agent removed too, with a
 * total, search by person or value, and filters the agent's own list lacks.
 */
export function CredentialsListPage() {
  const { params, update, clearFilters, hasFilters } = useListParams('credential');
  const { query, list } = useSlicedList(credentialQueries.list(params), params);
  const connections = useConnections();
  const t = useT();
  const words = useExchangeWords();

  const columns = useMemo(
    () => [
      column.accessor('created_at', {
        id: 'started',
        header: t('list.column.started'),
        cell: (info) => <StartedLink href={`/credentials/${info.row.original.exchange_id}`} at={info.getValue()} listLabel={t('credentials.list.title')} />,
      }),
      column.accessor('connection_label', {
        id: 'connection',
        header: t('list.column.connection'),
        cell: (info) => <KeptConnection id={info.row.original.connection_id} label={info.getValue()} labelOf={connections.labelOf} />,
      }),
      column.accessor('schema_id', {
        id: 'credential',
        header: t('list.column.credential'),
        // The definition's tag and the format are the agent's words: the exchange's Technical details say them.
        cell: (info) => <span title={info.row.original.cred_def_id ?? undefined}>{schemaLabel(info.getValue()) ?? '—'}</span>,
      }),
      column.accessor('attributes', {
        id: 'values',
        header: t('list.column.values'),
        cell: (info) => {
          const erased = info.row.original.values_erased;
          return erased ? <ValuesErasedNote erased={erased} /> : <AttributeValues attributes={info.getValue()} shown={3} />;
        },
      }),
      column.accessor('state', {
        id: 'state',
        header: t('list.column.state'),
        cell: (info) => {
          const { exchange_id: credExId, removed_from_agent: removed, revocation_status: status } = info.row.original;
          return <KeptState state={info.getValue()} removed={removed} revoked={{ credExId, status }} />;
        },
      }),
      column.accessor('role', { id: 'role', header: t('list.column.role'), meta: { hideOnPhone: true }, cell: (info) => words.role(info.getValue()) }),
      column.accessor('updated_at', {
        id: 'updated',
        meta: { hideOnPhone: true },
        header: t('list.column.updated'),
        cell: (info) => <UpdatedAgo at={info.getValue()} />,
      }),
      column.display({
        id: 'action',
        header: t('list.column.nextStep'),
        cell: (info) => {
          const record = info.row.original;
          // The agent no longer has it: there is nothing left to do with it there.
          return <NextStep errorMsg={record.error_msg} kind="credential" state={record.removed_from_agent ? undefined : record.state} />;
        },
      }),
    ],
    [connections, t, words],
  );

  return (
    <section aria-labelledby="credentials-title">
      <div className="page-head">
        <h1 id="credentials-title">{t('credentials.list.title')}</h1>
        <p className="muted">{t('credentials.list.intro')}</p>
        <div className="page-actions">
          <a className="button subtle hide-narrow" href={registerExportHref('credential', filtersOf(params), params.sort)} download>
            {t('list.exportCsv')}
          </a>
          <Link to="/credentials/counter" className="button">
            {t('credentials.list.counter')}
          </Link>
          <Link to="/credentials/batches" className="button">
            {t('credentials.list.batches')}
          </Link>
          <Link to="/credentials/new" className="button primary">
            {t('credentials.list.offer')}
          </Link>
        </div>
      </div>
      <FiltersBar
        kind="credential"
        params={params}
        states={credentialStates}
        roles={credentialRoles}
        connections={connections.options}
        onChange={update}
        onClear={clearFilters}
        hasFilters={hasFilters}
      />
      <ExchangeListBody
        query={query}
        list={list}
        noun="credential exchanges"
        columns={columns}
        getRowId={(d) => d.exchange_id}
        params={params}
        hasFilters={hasFilters}
        clearFilters={clearFilters}
        update={update}
      />
    </section>
  );
}
