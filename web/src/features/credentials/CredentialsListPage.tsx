import {
  advisedCredentialAction,
  credDefIdOf,
  credentialFormatOf,
  credentialListQuerySchema,
  credentialRoles,
  credentialStates,
  schemaIdOf,
  type CredExDetail,
} from '@credence/shared';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { ConnectionName, NextStep, StartedLink, UpdatedAgo } from '../../components/exchange-list/cells';
import { ExchangeListBody } from '../../components/exchange-list/ExchangeListBody';
import { FiltersBar } from '../../components/exchange-list/FiltersBar';
import { useListParams, type FilterKey } from '../../components/exchange-list/list-params';
import { StateBadge } from '../../components/ui/StateBadge';
import { useConnections } from '../../lib/connections';
import { credDefTag, humanize, schemaLabel } from '../../lib/format';
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
          <StartedLink href={`/credentials/${info.row.original.cred_ex_record.cred_ex_id}`} at={info.getValue()} listLabel="Credential exchanges" />
        ),
      }),
      column.accessor((d) => d.cred_ex_record.connection_id, {
        id: 'connection',
        header: 'Connection',
        cell: (info) => <ConnectionName id={info.getValue()} labelOf={connections.labelOf} />,
      }),
      column.accessor((d) => schemaIdOf(d.cred_ex_record), {
        id: 'credential',
        header: 'Credential',
        cell: (info) => {
          const credDefId = credDefIdOf(info.row.original.cred_ex_record);
          const format = credentialFormatOf(info.row.original);
          return (
            <span title={credDefId}>
              {schemaLabel(info.getValue()) ?? '—'}
              <span className="muted small"> {[credDefTag(credDefId), format].filter(Boolean).join(' · ')}</span>
            </span>
          );
        },
      }),
      column.accessor((d) => d.cred_ex_record.state, { id: 'state', header: 'State', cell: (info) => <StateBadge state={info.getValue()} /> }),
      column.accessor((d) => d.cred_ex_record.role, { id: 'role', header: 'Role', meta: { hideOnPhone: true }, cell: (info) => humanize(info.getValue()) }),
      column.accessor((d) => d.cred_ex_record.updated_at, {
        id: 'updated',
        meta: { hideOnPhone: true },
        header: 'Updated',
        cell: (info) => <UpdatedAgo at={info.getValue()} />,
      }),
      column.display({
        id: 'action',
        header: 'Next step',
        cell: (info) => {
          const record = info.row.original.cred_ex_record;
          return <NextStep errorMsg={record.error_msg} action={advisedCredentialAction(record.state)} />;
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
        <div className="page-actions">
          <Link to="/credentials/counter" className="button">
            Issue at the counter (QR code)
          </Link>
          <Link to="/credentials/new" className="button primary">
            Offer a credential
          </Link>
        </div>
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
      <ExchangeListBody
        list={list}
        noun="credential exchanges"
        columns={columns}
        getRowId={(d) => d.cred_ex_record.cred_ex_id}
        params={params}
        hasFilters={hasFilters}
        clearFilters={clearFilters}
        update={update}
      />
    </section>
  );
}
