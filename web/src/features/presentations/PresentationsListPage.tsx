import { advisedPresentationAction, presentationListQuerySchema, presentationRoles, presentationStates, type PresExRecord } from '@credence/shared';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { ConnectionName, NextStep, StartedLink, UpdatedAgo } from '../../components/exchange-list/cells';
import { ExchangeListBody } from '../../components/exchange-list/ExchangeListBody';
import { FiltersBar } from '../../components/exchange-list/FiltersBar';
import { useListParams, type FilterKey } from '../../components/exchange-list/list-params';
import { StateBadge } from '../../components/ui/StateBadge';
import { VerifiedBadge } from '../../components/ui/VerifiedBadge';
import { useConnections } from '../../lib/connections';
import { humanize } from '../../lib/format';
import { presentationQueries } from './queries';

const shape = presentationListQuerySchema.shape;
const accepts = (key: FilterKey, value: string) => shape[key].safeParse(value).success;
const column = createColumnHelper<PresExRecord>();

function requestName(record: PresExRecord): string | undefined {
  const formats = record.by_format?.pres_request ?? record.by_format?.pres_proposal;
  const request = (formats?.anoncreds ?? formats?.indy) as { name?: unknown } | undefined;
  return typeof request?.name === 'string' ? request.name : undefined;
}

export function PresentationsListPage() {
  const { params, update, clearFilters, hasFilters } = useListParams(accepts);
  const list = useQuery(presentationQueries.list(params));
  const connections = useConnections();

  const columns = useMemo(
    () => [
      column.accessor('created_at', {
        header: 'Started',
        cell: (info) => <StartedLink href={`/presentations/${info.row.original.pres_ex_id}`} at={info.getValue()} listLabel="Presentation exchanges" />,
      }),
      column.accessor('connection_id', {
        header: 'Connection',
        cell: (info) => <ConnectionName id={info.getValue()} labelOf={connections.labelOf} />,
      }),
      column.display({ id: 'request', header: 'Request', cell: (info) => requestName(info.row.original) ?? <span className="muted">—</span> }),
      column.accessor('state', { header: 'State', cell: (info) => <StateBadge state={info.getValue()} /> }),
      column.accessor('role', { header: 'Role', meta: { hideOnPhone: true }, cell: (info) => humanize(info.getValue()) }),
      column.accessor('updated_at', {
        meta: { hideOnPhone: true },
        header: 'Updated',
        cell: (info) => <UpdatedAgo at={info.getValue()} />,
      }),
      column.accessor('verified', {
        header: 'Result',
        // Only the verifier learns a result; for the prover there is none to show.
        cell: (info) => (info.row.original.role === 'verifier' ? <VerifiedBadge verified={info.getValue()} /> : <span className="muted">—</span>),
      }),
      column.display({
        id: 'action',
        header: 'Next step',
        cell: (info) => <NextStep errorMsg={info.row.original.error_msg} action={advisedPresentationAction(info.row.original.state)} />,
      }),
    ],
    [connections],
  );

  return (
    <section aria-labelledby="presentations-title">
      <div className="page-head">
        <h1 id="presentations-title">Presentation exchanges</h1>
        <p className="muted">Newest first (by when they started). Proof requests you sent and answered.</p>
        <div className="page-actions">
          <Link to="/presentations/counter" className="button">
            Check at the counter (QR code)
          </Link>
          <Link to="/presentations/new" className="button primary">
            Request a proof
          </Link>
        </div>
      </div>
      <FiltersBar
        params={params}
        states={presentationStates}
        roles={presentationRoles}
        connections={connections.options}
        onChange={update}
        onClear={clearFilters}
        hasFilters={hasFilters}
      />
      <ExchangeListBody
        list={list}
        noun="presentation exchanges"
        columns={columns}
        getRowId={(r) => r.pres_ex_id}
        params={params}
        hasFilters={hasFilters}
        clearFilters={clearFilters}
        update={update}
      />
    </section>
  );
}
