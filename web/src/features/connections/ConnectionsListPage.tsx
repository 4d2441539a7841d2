import { connectionLabel } from '@credence/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ChoiceField } from '../../components/ui/ChoiceField';
import { ErrorState } from '../../components/ui/ErrorState';
import { connectionQueries } from '../../lib/connections';
import { useFormat, useT } from '../../i18n/use-t';
import { CONNECTIONS_PAGE_SIZE, filterConnections } from './connection-filter';
import { ConnectionStateBadge } from './connection-states';

const stateChoices = [
  ['active', 'connectionState.connected'],
  ['invitation', 'connectionState.invited'],
  ['request', 'connectionState.connecting'],
  ['abandoned', 'connectionState.failed'],
] as const;

/** Every connection of the agent: search by name or alias, filter by state, newest first, live. */
export function ConnectionsListPage() {
  const t = useT();
  const format = useFormat();
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
        <h1 id="connections-title">{t('connections.title')}</h1>
        <p className="muted">{t('connections.intro')}</p>
        <div className="page-actions">
          <Link to="/connections/new" className="button primary">
            {t('connections.invite')}
          </Link>
          <Link to="/connections/new#accept" className="button">
            {t('connections.accept')}
          </Link>
        </div>
      </div>
      <form
        className="filters"
        role="search"
        aria-label={t('connections.find')}
        onSubmit={(event) => {
          event.preventDefault();
          set({ q: typed.trim() || undefined, page: undefined });
        }}
      >
        <div className="field field-grow">
          <label htmlFor="connection-search">{t('connections.nameOrAlias')}</label>
          <input id="connection-search" type="search" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder={t('connections.placeholder')} />
        </div>
        <ChoiceField
          id="connection-state"
          label={t('connections.state')}
          value={state}
          onChange={(value) => set({ state: value, page: undefined })}
          any={t('connections.anyState')}
          choices={stateChoices.map(([value, key]) => [value, t(key)])}
        />
        <div className="filter-actions">
          <button type="submit" className="button">
            {t('connections.search')}
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
              {t('connections.clear')}
            </button>
          )}
        </div>
      </form>
      {list.isPending ? (
        <div className="state-panel" aria-busy="true">
          {t('connections.loading')}
        </div>
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      ) : shown.length === 0 ? (
        <div className="state-panel">
          <h2>{search || state ? t('connections.noMatch') : t('connections.none')}</h2>
          <p>{search || state ? t('connections.noMatchHint') : t('connections.noneHint')}</p>
        </div>
      ) : (
        <div className="table-wrap">
          <table className="data-table connections-table">
            <caption className="visually-hidden">{t('connections.caption', { count: matching.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('connections.column.name')}</th>
                <th scope="col">{t('connections.column.state')}</th>
                <th scope="col" className="hide-narrow">
                  {t('connections.column.theirLabel')}
                </th>
                <th scope="col" className="hide-narrow">
                  {t('connections.column.since')}
                </th>
                <th scope="col" className="hide-narrow">
                  {t('connections.column.updated')}
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
                    <time dateTime={c.created_at}>{format.dateTime(c.created_at)}</time>
                  </td>
                  <td className="hide-narrow">
                    <span title={format.dateTime(c.updated_at)}>{format.timeAgo(c.updated_at)}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {matching.length > CONNECTIONS_PAGE_SIZE && (
        <nav className="pager" aria-label={t('connections.pages')}>
          <button type="button" className="button" disabled={page === 0} onClick={() => set({ page: page > 1 ? String(page - 1) : undefined })}>
            {t('connections.previous')}
          </button>
          <span aria-live="polite">{t('connections.pageOf', { page: page + 1, pages, count: matching.length })}</span>
          <button type="button" className="button" disabled={page + 1 >= pages} onClick={() => set({ page: String(page + 1) })}>
            {t('connections.next')}
          </button>
        </nav>
      )}
    </section>
  );
}
