import { connectionLabel } from '@credence/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ChoiceField } from '../../components/ui/ChoiceField';
import { ErrorState } from '../../components/ui/ErrorState';
import { connectionQueries } from '../../lib/connections';
import { formatDateTime, timeAgo } from '../../lib/format';
import { CONNECTIONS_PAGE_SIZE, filterConnections } from './connection-filter';
import { ConnectionStateBadge } from './connection-states';

const stateChoices = [
  ['active', 'Connected'],
  ['invitation', 'Invited, not accepted yet'],
  ['request', 'Connecting'],
  ['abandoned', 'Failed'],
] as const;

/** Every connection of the agent: search by name or alias, filter by state, newest first, live. */
export function ConnectionsListPage() {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const state = params.get('state') ?? undefined;
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const [typed, setTyped] = useState(search);
  const list = useQuery(connectionQueries.list());
  const set = (changes: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes))
          if (value) next.set(key, value);
          else next.delete(key);
        return next;
      },
      { replace: true },
    );

  const matching = list.data ? filterConnections(list.data.results, search, state) : [];
  const pages = Math.max(1, Math.ceil(matching.length / CONNECTIONS_PAGE_SIZE));
  const shown = matching.slice(page * CONNECTIONS_PAGE_SIZE, (page + 1) * CONNECTIONS_PAGE_SIZE);

  return (
    <section aria-labelledby="connections-title">
      <div className="page-head">
        <h1 id="connections-title">Connections</h1>
        <p className="muted">The people and organisations this agent can exchange credentials with.</p>
        <div className="page-actions">
          <Link to="/connections/new" className="button primary">
            Invite someone
          </Link>
          <Link to="/connections/new#accept" className="button">
            Accept an invitation
          </Link>
        </div>
      </div>
      <form
        className="filters"
        role="search"
        aria-label="Find connections"
        onSubmit={(event) => {
          event.preventDefault();
          set({ q: typed.trim() || undefined, page: undefined });
        }}
      >
        <div className="field field-grow">
          <label htmlFor="connection-search">Name or alias</label>
          <input id="connection-search" type="search" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder="e.g. Alice" />
        </div>
        <ChoiceField
          id="connection-state"
          label="State"
          value={state}
          onChange={(value) => set({ state: value, page: undefined })}
          any="Any state"
          choices={stateChoices}
        />
        <div className="filter-actions">
          <button type="submit" className="button">
            Search
          </button>
          {(search || state) && (
            <button
              type="button"
              className="button subtle"
              onClick={() => {
                setTyped('');
                set({ q: undefined, state: undefined, page: undefined });
              }}
            >
              Clear
            </button>
          )}
        </div>
      </form>
      {list.isPending ? (
        <div className="state-panel" aria-busy="true">
          Loading connections…
        </div>
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      ) : shown.length === 0 ? (
        <div className="state-panel">
          <h2>{search || state ? 'No connection matches' : 'No connections yet'}</h2>
          <p>{search || state ? 'Try another name, or clear the search.' : 'Invite a holder to connect: they scan a QR code with their wallet app.'}</p>
        </div>
      ) : (
        <div className="table-wrap">
          <table className="data-table connections-table">
            <caption className="visually-hidden">Connections ({matching.length})</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">State</th>
                <th scope="col" className="hide-narrow">
                  Their label
                </th>
                <th scope="col" className="hide-narrow">
                  Since
                </th>
                <th scope="col" className="hide-narrow">
                  Updated
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((c) => (
                <tr key={c.connection_id}>
                  <td>
                    <Link to={`/connections/${c.connection_id}`}>{connectionLabel(c)}</Link>
                  </td>
                  <td>
                    <ConnectionStateBadge state={c.state} />
                  </td>
                  <td className="hide-narrow">{c.their_label ?? <span className="muted">—</span>}</td>
                  <td className="hide-narrow">
                    <time dateTime={c.created_at}>{formatDateTime(c.created_at)}</time>
                  </td>
                  <td className="hide-narrow">
                    <span title={formatDateTime(c.updated_at)}>{timeAgo(c.updated_at)}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {matching.length > CONNECTIONS_PAGE_SIZE && (
        <nav className="pager" aria-label="Pages of connections">
          <button type="button" className="button" disabled={page === 0} onClick={() => set({ page: page > 1 ? String(page - 1) : undefined })}>
            Previous
          </button>
          <span aria-live="polite">
            Page {page + 1} of {pages} · {matching.length} connections
          </span>
          <button type="button" className="button" disabled={page + 1 >= pages} onClick={() => set({ page: String(page + 1) })}>
            Next
          </button>
        </nav>
      )}
    </section>
  );
}
