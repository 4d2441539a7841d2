import { advisedPresentationAction, presentationRoles, presentationStates, type RegisterExchange } from '@credence/shared';
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
import { humanize } from '../../lib/format';
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

  const columns = useMemo(
    () => [
      column.accessor('created_at', {
        header: 'Started',
        cell: (info) => <StartedLink href={`/presentations/${info.row.original.exchange_id}`} at={info.getValue()} listLabel="Presentation exchanges" />,
      }),
      column.accessor('connection_label', {
        header: 'Connection',
        cell: (info) => <KeptConnection id={info.row.original.connection_id} label={info.getValue()} labelOf={connections.labelOf} />,
      }),
      column.display({ id: 'request', header: 'Request', cell: (info) => info.row.original.requested?.name ?? <span className="muted">—</span> }),
      column.accessor('attributes', {
        id: 'values',
        header: 'Values',
        // Proved only once the agent verified them: until then a verifier's values are the wallet's claim.
        cell: (info) => {
          const row = info.row.original;
          const standing =
            row.role !== 'verifier' || row.attributes.length === 0
              ? undefined
              : row.verified === true
                ? undefined
                : row.verified === false
                  ? 'not verified'
                  : 'claimed, not yet verified';
          return (
            <>
              {row.values_erased ? <ValuesErasedNote erased={row.values_erased} /> : <AttributeValues attributes={info.getValue()} shown={3} />}
              {standing && <div className="muted small">{standing}</div>}
            </>
          );
        },
      }),
      column.accessor('state', { header: 'State', cell: (info) => <KeptState state={info.getValue()} removed={info.row.original.removed_from_agent} /> }),
      column.accessor('role', { header: 'Role', meta: { hideOnPhone: true }, cell: (info) => humanize(info.getValue()) }),
      column.accessor('updated_at', {
        meta: { hideOnPhone: true },
        header: 'Updated',
        cell: (info) => <UpdatedAgo at={info.getValue()} />,
      }),
      column.accessor('verified', {
        header: 'Result',
        // Only the verifier learns a result, once it verified; until then (and for the prover) there is none to show.
        cell: (info) =>
          info.row.original.role === 'verifier' && info.getValue() !== null ? (
            <VerifiedBadge verified={info.getValue()} />
          ) : (
            <span className="muted" title="No result yet">
              —
            </span>
          ),
      }),
      column.display({
        id: 'action',
        header: 'Next step',
        cell: (info) => {
          const record = info.row.original;
          return <NextStep errorMsg={record.error_msg} action={record.removed_from_agent ? undefined : advisedPresentationAction(record.state)} />;
        },
      }),
    ],
    [connections],
  );

  return (
    <section aria-labelledby="presentations-title">
      <div className="page-head">
        <h1 id="presentations-title">Presentation exchanges</h1>
        <p className="muted">Proof requests you sent and answered, also those the agent has removed.</p>
        <div className="page-actions">
          <a className="button subtle hide-narrow" href={registerExportHref('presentation', filtersOf(params), params.sort)} download>
            Export CSV
          </a>
          <Link to="/presentations/counter" className="button">
            Check at the counter (QR code)
          </Link>
          <Link to="/presentations/new" className="button primary">
            Request a proof
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
