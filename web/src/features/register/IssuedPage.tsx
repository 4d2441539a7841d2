import { issuedStatuses, type IssuedCredential, consoleApiRefs } from '@credence/shared';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState, type ComponentType } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AttributeValues } from '../../components/exchange-list/cells';
import { DataTable } from '../../components/exchange-list/DataTable';
import { EmptyList } from '../../components/exchange-list/EmptyList';
import { Pager } from '../../components/exchange-list/Pager';
import { slicedListOptions, useSlicedList } from '../../components/exchange-list/sliced-list';
import { ChoiceField } from '../../components/ui/ChoiceField';
import { ErrorState } from '../../components/ui/ErrorState';
import { callApi } from '../../lib/api-client';
import { useAttributeLabels } from '../../lib/attribute-labels';
import { registerListPage, type ListPage } from '../../lib/register-exchanges';
import { consoleConfigQueries } from '../../lib/console-config';
import { formatDateTime, schemaLabel } from '../../lib/format';
import { ownCredDefLabel, useOwnCredDefs } from '../../lib/own-definitions';
import { registerKeys } from '../../lib/query-keys';
import { IssuedStatusBadge, STATUS_TEXT } from '../../components/ui/IssuedStatusBadge';
import { CanonicalSearch, LeftOutOfLink } from '../../lib/canonical-search';
import { BulkRevoke } from './components/BulkRevoke';
import { ErasePerson, ValuesErasedNote } from './components/ErasePerson';
import { useT } from '../../i18n/use-t';
import { ISSUED_PAGE_SIZES, issuedExportHref, issuedHref, parseIssuedParams, searchOfIssuedParams, type IssuedParams } from './issued-params';

export interface IssuedPageProps {
  /** Revocation's "Revoke…" for one credential (admins), composed in by the app's router. */
  RevokeControl?: ComponentType<{ credential: IssuedCredential }>;
}

const column = createColumnHelper<IssuedCredential>();
/**
 * Every credential this agent issued (`/issued`), from Credence's register: kept after the agent
 * removes the exchange, searchable by person or value, with its revocation status and, for admins,
 * "Revoke…" filled with the registry and id the agent needs.
 */
/** "1 credential", "120 credentials match", "550+ credentials match". */
function countText(total: number, capped: boolean, filtered: boolean): string {
  const one = total === 1 && !capped;
  return `${total.toLocaleString('en')}${capped ? '+' : ''} credential${one ? '' : 's'}${filtered ? (one ? ' matches' : ' match') : ''}`;
}

/** The same search narrowed to one holder, or (`undefined`) for every holder; from the first page. */
function holderHref(params: IssuedParams, connectionId: string | undefined): string {
  const { connection_id: _, ...others } = params;
  return issuedHref({ ...others, offset: 0, ...(connectionId && { connection_id: connectionId }) });
}

/** The holder's name as the register keeps it (whatever the other filters leave shown), else "this connection". */
function useHolderName(connectionId: string | undefined): string {
  const named = useQuery({
    queryKey: [...registerKeys.credentials(), 'holder', connectionId] as const,
    queryFn: ({ signal }) => callApi(consoleApiRefs.registerCredentials, { query: { connection_id: connectionId, limit: 1 } }, { signal }),
    enabled: connectionId !== undefined,
    staleTime: Infinity,
  });
  return named.data?.results[0]?.holder_label ?? 'this connection';
}

export function IssuedPage({ RevokeControl }: IssuedPageProps) {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => parseIssuedParams(search), [search]);
  const config = useQuery(consoleConfigQueries.current()).data;
  const definitions = useOwnCredDefs(config?.wallet.type ?? null);
  const [typed, setTyped] = useState<{ for: string | undefined; text: string }>({ for: params.q, text: params.q ?? '' });
  // A search changed elsewhere (back button, a link) replaces what was typed.
  const text = typed.for === params.q ? typed.text : (params.q ?? '');

  const { query: list, list: page } = useSlicedList(
    slicedListOptions([...registerKeys.credentials(), params] as const, params, async (offset, limit, signal): Promise<ListPage<IssuedCredential>> => {
      const answer = await callApi(
        consoleApiRefs.registerCredentials,
        {
          query: {
            limit,
            offset,
            sort: '-issued',
            ...(params.q && { q: params.q }),
            ...(params.status && { status: params.status }),
            ...(params.cred_def_id && { cred_def_id: params.cred_def_id }),
            ...(params.connection_id && { connection_id: params.connection_id }),
            ...(params.cred_ex_id && { cred_ex_id: params.cred_ex_id }),
          },
        },
        { signal },
      );
      return registerListPage(answer, offset);
    }),
    params,
  );

  const update = (changes: Partial<Record<keyof IssuedParams, string | number | undefined>>) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === '' || (key === 'offset' && value === 0) || (key === 'size' && value === 25)) next.delete(key);
        else next.set(key, String(value));
      }
      if (!('offset' in changes)) next.delete('offset');
      return next;
    });
  const hasFilters = Boolean(params.q || params.status || params.cred_def_id || params.connection_id || params.cred_ex_id);
  const clearFilters = () => update({ q: undefined, status: undefined, cred_def_id: undefined, connection_id: undefined, cred_ex_id: undefined });
  const oneHolder = params.connection_id;
  const holderName = useHolderName(oneHolder);
  const { labelsFor } = useAttributeLabels();
  const t = useT();

  const columns = useMemo(
    () => [
      column.accessor('holder_label', {
        header: 'Holder',
        cell: (info) => {
          const { connection_id: id } = info.row.original;
          const label = info.getValue() ?? (info.row.original.values_erased ? t('erased.holder') : id ? 'Unnamed connection' : 'No connection (at a counter)');
          if (!id) return <span>{label}</span>;
          return (
            <span className="holder-cell">
              <Link to={`/connections/${id}`}>{label}</Link>
              {id !== oneHolder && !params.cred_ex_id && (
                <Link className="small" to={holderHref(params, id)} aria-label={`only theirs: what was issued to ${label}`}>
                  only theirs
                </Link>
              )}
            </span>
          );
        },
      }),
      column.accessor('schema_id', {
        header: 'Credential',
        cell: (info) => <span title={info.row.original.cred_def_id ?? undefined}>{schemaLabel(info.getValue()) ?? '—'}</span>,
      }),
      // Kept on a phone too: one holder's credentials of one kind are told apart by their values.
      column.accessor('attributes', {
        header: 'Values',
        cell: (info) => {
          const erased = info.row.original.values_erased;
          return erased ? (
            <ValuesErasedNote erased={erased} />
          ) : (
            <AttributeValues attributes={info.getValue()} labels={labelsFor(info.row.original.cred_def_id)} />
          );
        },
      }),
      column.accessor('issued_at', { header: 'Issued', cell: (info) => formatDateTime(info.getValue()) }),
      column.accessor('status', {
        header: 'Status',
        cell: (info) => {
          const c = info.row.original;
          return (
            <span className="register-status">
              <IssuedStatusBadge status={info.getValue()} />
              {/* Why a valid one has no "Revoke…": issued without a revocation registry. */}
              {c.status === 'issued' && !(c.rev_reg_id && c.cred_rev_id) && <span className="muted small">cannot be revoked</span>}
              {c.revoked_at && (
                <span className="muted small">
                  {formatDateTime(c.revoked_at)}
                  {c.revoked_by ? ` by ${c.revoked_by}` : ''}
                  {c.notified === true ? ' · holder notified' : c.notified === false ? ' · holder not notified' : ''}
                </span>
              )}
            </span>
          );
        },
      }),
      column.display({
        id: 'actions',
        header: 'Actions',
        cell: (info) => {
          const c = info.row.original;
          return (
            <span className="register-actions">
              <Link to={`/credentials/${c.cred_ex_id}`}>Exchange</Link>
              {c.removed_from_agent && <span className="muted small">removed from the agent</span>}
              {/* Always there: once revoked it shows nothing, but a dialog open on it stays open (publish now or later). */}
              {RevokeControl && <RevokeControl credential={c} />}
            </span>
          );
        },
      }),
    ],
    [RevokeControl, oneHolder, params, labelsFor, t],
  );

  const rows = page.rows;
  const total = page.total ?? 0;
  return (
    <section aria-labelledby="issued-title">
      <CanonicalSearch search={search} canonical={searchOfIssuedParams(params)} />
      <LeftOutOfLink />
      <div className="page-head">
        <h1 id="issued-title">Issued credentials</h1>
        <p className="muted">Every credential this agent issued, kept by Credence after the agent removes the exchange.</p>
        <div className="page-actions">
          <a className="button" href={issuedExportHref(params)} download>
            Export CSV
          </a>
          {params.status !== 'revoked' && params.status !== 'revoked-pending' && !params.cred_ex_id && (
            <BulkRevoke
              selection={{
                ...(params.q && { q: params.q }),
                ...(params.cred_def_id && { cred_def_id: params.cred_def_id }),
                ...(params.connection_id && { connection_id: params.connection_id }),
              }}
            />
          )}
          <ErasePerson selection={params.connection_id ? { connection_id: params.connection_id } : params.q ? { q: params.q } : undefined} />
        </div>
      </div>
      <form
        className="card filters register-filters"
        role="search"
        aria-label="Issued credentials"
        onSubmit={(e) => {
          e.preventDefault();
          update({ q: text.trim() || undefined });
        }}
      >
        <div className="field">
          <label htmlFor="issued-q">Person or value</label>
          <input
            id="issued-q"
            type="search"
            value={text}
            maxLength={200}
            placeholder="e.g. Bob, S6332523"
            onChange={(e) => setTyped({ for: params.q, text: e.target.value })}
          />
        </div>
        <ChoiceField
          id="issued-status"
          label="Status"
          value={params.status}
          onChange={(status) => update({ status })}
          any="Any"
          choices={issuedStatuses.map((status) => [status, STATUS_TEXT[status]])}
        />
        <ChoiceField
          id="issued-definition"
          label="Credential"
          value={params.cred_def_id}
          onChange={(credDefId) => update({ cred_def_id: credDefId })}
          any="Any"
          choices={(definitions.data ?? []).map((d) => [d.credDefId, ownCredDefLabel(d)])}
        />
        <div className="form-buttons">
          <button type="submit" className="button primary">
            Search
          </button>
          {hasFilters && (
            <button
              type="button"
              className="button subtle"
              onClick={() => {
                setTyped({ for: undefined, text: '' });
                clearFilters();
              }}
            >
              Clear
            </button>
          )}
        </div>
      </form>
      {oneHolder && (
        <p className="notice">
          Only what was issued to {holderName}. <Link to={`/connections/${oneHolder}`}>Open the connection</Link> ·{' '}
          <Link to={holderHref(params, undefined)}>Every holder</Link>
        </p>
      )}
      {params.cred_ex_id && (
        <p className="notice">
          The credential issued by exchange <span className="mono">{params.cred_ex_id}</span>.{' '}
          <Link to="/issued" onClick={() => setTyped({ for: undefined, text: '' })}>
            Show every issued credential
          </Link>
        </p>
      )}
      <p className="muted" role="status">
        {list.isPending ? 'Searching…' : countText(total, page.totalCapped, hasFilters)}
      </p>
      {list.isError && !list.data ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      ) : list.isPending ? (
        <p aria-busy="true">Loading…</p>
      ) : page.rowCount === 0 ? (
        <EmptyList noun="issued credentials" offset={params.offset} hasFilters={hasFilters} onClear={clearFilters} onFirstPage={() => update({ offset: 0 })} />
      ) : (
        <DataTable
          caption="Issued credentials"
          columns={columns}
          data={rows}
          getRowId={(c) => c.cred_ex_id}
          busy={list.isFetching && !list.isFetchingNextPage}
          rowCount={page.rowCount}
          onRowsInView={page.onRowsInView}
        />
      )}
      {list.isFetchNextPageError && (
        <ErrorState error={list.error} title="The rest of this page of issued credentials could not be loaded" onRetry={() => void list.fetchNextPage()} />
      )}
      {page.rowCount > 0 && (
        <Pager
          offset={params.offset}
          size={params.size}
          rowsOnPage={page.rowCount}
          hasNext={page.hasNext}
          busy={list.isFetching && !list.isFetchingNextPage}
          onOffset={(offset) => update({ offset })}
          onSize={(size) => update({ size })}
          total={total}
          totalCapped={page.totalCapped}
          sizes={ISSUED_PAGE_SIZES}
        />
      )}
    </section>
  );
}
