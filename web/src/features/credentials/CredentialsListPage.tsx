import { advisedCredentialAction, credentialFormatOf, credentialListQuerySchema, credentialRoles, credentialStates, type CredExDetail } from '@credence/shared';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { ExchangeListBody } from '../../components/exchange-list/ExchangeListBody';
import { FiltersBar } from '../../components/exchange-list/FiltersBar';
import { useListParams, type FilterKey } from '../../components/exchange-list/list-params';
import { StateBadge } from '../../components/ui/StateBadge';
import { useConnections } from '../../lib/connections';
import { credDefTag, formatDateTime, humanize, schemaLabel, shortId, timeAgo } from '../../lib/format';
import { credentialQueries } from './queries';

const shape = credentialListQuerySchema.shape;
const accepts = (key: FilterKey, value: string) => shape[key].safeParse(value).success;
const column = createColumnHelper<CredExDetail>();

export function CredentialsListPage() {
  const { params, update, clearFilters, hasFilters } = useListParams(accepts);
  const list = useQuery(credentialQueries.list(params));
  const connections = useConnections();

  const columns = useMemo(
    () => [
      column.accessor((d) => d.cred_ex_record.created_at, {
        id: 'started',
        header: 'Started',
        cell: (info) => (
          <Link to={`/credentials/${info.row.original.cred_ex_record.cred_ex_id}`} title="Open this exchange">
            <time dateTime={info.getValue()}>{formatDateTime(info.getValue())}</time>
          </Link>
        ),
      }),
      column.accessor((d) => d.cred_ex_record.connection_id, {
        id: 'connection',
        header: 'Connection',
        cell: (info) => {
          const id = info.getValue();
          return connections.labelOf(id) ?? <span className="mono" title={id ?? undefined}>{id ? shortId(id) : '—'}</span>;
        },
      }),
      column.accessor((d) => d.cred_ex_record.schema_id, {
        id: 'credential',
        header: 'Credential',
        cell: (info) => {
          const record = info.row.original.cred_ex_record;
          const format = credentialFormatOf(info.row.original);
          return (
            <span title={record.credential_definition_id ?? undefined}>
              {schemaLabel(info.getValue()) ?? '—'}
              <span className="muted small"> {[credDefTag(record.credential_definition_id), format].filter(Boolean).join(' · ')}</span>
            </span>
          );
        },
      }),
      column.accessor((d) => d.cred_ex_record.state, { id: 'state', header: 'State', cell: (info) => <StateBadge state={info.getValue()} /> }),
      column.accessor((d) => d.cred_ex_record.role, { id: 'role', header: 'Role', cell: (info) => humanize(info.getValue()) }),
      column.accessor((d) => d.cred_ex_record.updated_at, {
        id: 'updated',
        header: 'Updated',
        cell: (info) => <span title={formatDateTime(info.getValue())}>{timeAgo(info.getValue())}</span>,
      }),
      column.display({
        id: 'action',
        header: 'Next step',
        cell: (info) => {
          const record = info.row.original.cred_ex_record;
          if (record.error_msg) return <span className="text-danger" title={record.error_msg}>Failed</span>;
          const action = advisedCredentialAction(record.state);
          return action ? <span className="advice" title={action.advice}>{action.label}</span> : <span className="muted">—</span>;
        },
      }),
    ],
    [connections],
  );

  return (
    <section aria-labelledby="credentials-title">
      <div className="page-head">
        <h1 id="credentials-title">Credential exchanges</h1>
        <p className="muted">Newest first (by when they started). Offers, requests and issued credentials with every connection.</p>
        <Link to="/credentials/new" className="button primary page-actions">
          Offer a credential
        </Link>
      </div>
      <FiltersBar
        params={params}
        states={credentialStates}
        roles={credentialRoles}
        connections={connections.options}
        onChange={update}
        onClear={clearFilters}
        hasFilters={hasFilters}
      />
      <ExchangeListBody list={list} noun="credential exchanges" columns={columns} getRowId={(d) => d.cred_ex_record.cred_ex_id} params={params} hasFilters={hasFilters} clearFilters={clearFilters} update={update} />
    </section>
  );
}
