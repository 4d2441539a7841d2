import { advisedPresentationAction, presentationListQuerySchema, presentationRoles, presentationStates, type PresExRecord } from '@credence/shared';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { ExchangeListBody } from '../../components/exchange-list/ExchangeListBody';
import { FiltersBar } from '../../components/exchange-list/FiltersBar';
import { useListParams, type FilterKey } from '../../components/exchange-list/list-params';
import { StateBadge } from '../../components/ui/StateBadge';
import { VerifiedBadge } from '../../components/ui/VerifiedBadge';
import { useConnections } from '../../lib/connections';
import { formatDateTime, humanize, shortId, timeAgo } from '../../lib/format';
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
        cell: (info) => (
          <Link to={`/presentations/${info.row.original.pres_ex_id}`} title="Open this exchange">
            <time dateTime={info.getValue()}>{formatDateTime(info.getValue())}</time>
          </Link>
        ),
      }),
      column.accessor('connection_id', {
        header: 'Connection',
        cell: (info) => {
          const id = info.getValue();
          return connections.labelOf(id) ?? <span className="mono" title={id ?? undefined}>{id ? shortId(id) : '—'}</span>;
        },
      }),
      column.display({ id: 'request', header: 'Request', cell: (info) => requestName(info.row.original) ?? <span className="muted">—</span> }),
      column.accessor('state', { header: 'State', cell: (info) => <StateBadge state={info.getValue()} /> }),
      column.accessor('role', { header: 'Role', cell: (info) => humanize(info.getValue()) }),
      column.accessor('updated_at', {
        header: 'Updated',
        cell: (info) => <span title={formatDateTime(info.getValue())}>{timeAgo(info.getValue())}</span>,
      }),
      column.accessor('verified', {
        header: 'Result',
        // Only the verifier learns a result; for the prover there is none to show.
        cell: (info) => (info.row.original.role === 'verifier' ? <VerifiedBadge verified={info.getValue()} /> : <span className="muted">—</span>),
      }),
      column.display({
        id: 'action',
        header: 'Next step',
        cell: (info) => {
          const record = info.row.original;
          if (record.error_msg) return <span className="text-danger" title={record.error_msg}>Failed</span>;
          const action = advisedPresentationAction(record.state);
          return action ? <span className="advice" title={action.advice}>{action.label}</span> : <span className="muted">—</span>;
        },
      }),
    ],
    [connections],
  );

  return (
    <section aria-labelledby="presentations-title">
      <div className="page-head">
        <h1 id="presentations-title">Presentation exchanges</h1>
        <p className="muted">Newest first (by when they started). Proof requests you sent and answered.</p>
        <Link to="/presentations/new" className="button primary page-actions">
          Request a proof
        </Link>
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
      <ExchangeListBody list={list} noun="presentation exchanges" columns={columns} getRowId={(r) => r.pres_ex_id} params={params} hasFilters={hasFilters} clearFilters={clearFilters} update={update} />
    </section>
  );
}
