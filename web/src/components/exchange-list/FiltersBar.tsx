import type { RegisterKind, RegisterSort } from '@credence/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { consoleConfigQueries } from '../../lib/console-config';
import { ownCredDefLabel, ownDefinitionQueries } from '../../lib/own-definitions';
import { humanize } from '../../lib/format';
import type { ConnectionOption } from '../../lib/connections';
import { useSearchParams } from 'react-router';
import { CanonicalSearch, LeftOutOfLink } from '../../lib/canonical-search';
import { datesAreCrossed } from '../../lib/format';
import { searchOfListParams, type ExchangeListParams, type FilterKey, type ListChanges } from './list-params';

interface FiltersBarProps {
  kind: RegisterKind;
  params: ExchangeListParams;
  states: readonly string[];
  roles: readonly string[];
  connections: ConnectionOption[];
  onChange: (changes: ListChanges) => void;
  onClear: () => void;
  hasFilters: boolean;
}

const SORTS: Record<RegisterSort, string> = {
  '-created': 'Newest first',
  created: 'Oldest first',
  '-updated': 'Recently changed first',
  updated: 'Longest unchanged first',
};

/** The filters behind "More filters": their count shows on it, and any one set keeps it open. */
const MORE: FilterKey[] = ['cred_def_id', 'from', 'to', 'removed', 'verified', 'thread_id'];

/** What was typed in a text filter, replaced by the address's value when that changes (back, a cleared filter). */
function useTyped(value: string | undefined) {
  const [typed, setTyped] = useState({ for: value, text: value ?? '' });
  const text = typed.for === value ? typed.text : (value ?? '');
  return [text, (text: string) => setTyped({ for: value, text })] as const;
}

export function FiltersBar({ kind, params, states, roles, connections, onChange, onClear, hasFilters }: FiltersBarProps) {
  const [q, setQ] = useTyped(params.q);
  const [threadId, setThreadId] = useTyped(params.thread_id);
  const moreSet = MORE.filter((k) => params[k] !== undefined).length;
  const [moreOpen, setMoreOpen] = useState(moreSet > 0);
  // On a phone only the search shows until "Filters" is pressed: the list stays on the first screen.
  const [phoneOpen, setPhoneOpen] = useState(false);
  const setCount = (['state', 'role', 'connection_id', ...MORE] as FilterKey[]).filter((k) => params[k] !== undefined).length;
  // The agent's own credential definitions, to filter by: asked for only once the filters are opened.
  const walletType = useQuery(consoleConfigQueries.current()).data?.wallet.type;
  const definitions = useQuery({
    ...ownDefinitionQueries.list(walletType ?? null),
    enabled: kind === 'credential' && moreOpen && walletType !== undefined,
  }).data;
  const select = (key: FilterKey) => (e: { target: { value: string } }) => onChange({ [key]: e.target.value || undefined });
  const datesCrossed = datesAreCrossed(params.from, params.to);
  const [search] = useSearchParams();

  return (
    <>
      <CanonicalSearch search={search} canonical={searchOfListParams(params, kind)} />
      <LeftOutOfLink />
      <form
        className="filters"
        role="search"
        aria-label="Filter records"
        onSubmit={(event) => {
          event.preventDefault();
          onChange({ q: q.trim() || undefined, thread_id: threadId.trim() || undefined });
        }}
      >
        <div className="field field-grow">
          <label htmlFor="filter-q">Search</label>
          <input
            id="filter-q"
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder={kind === 'credential' ? 'Name or value, e.g. Bob' : 'Name or proved value'}
            aria-describedby="filter-q-hint"
            maxLength={200}
          />
          <span id="filter-q-hint" className="visually-hidden">
            Matches the connection&apos;s name and the {kind === 'credential' ? 'values offered or issued' : 'values proved'}, in part and in any case.
          </span>
        </div>
        <button
          type="button"
          className="button filters-toggle"
          aria-expanded={phoneOpen}
          aria-controls="filters-rest"
          onClick={() => setPhoneOpen((open) => !open)}
        >
          Filters{setCount > 0 ? ` (${setCount} set)` : ''}
        </button>
        <div id="filters-rest" className={`filters-rest${phoneOpen ? ' open' : ''}`}>
          <div className="field">
            <label htmlFor="filter-state">State</label>
            <select id="filter-state" value={params.state ?? ''} onChange={select('state')}>
              <option value="">Any state</option>
              {states.map((s) => (
                <option key={s} value={s}>
                  {humanize(s)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="filter-role">Role</label>
            <select id="filter-role" value={params.role ?? ''} onChange={select('role')}>
              <option value="">Any role</option>
              {roles.map((r) => (
                <option key={r} value={r}>
                  {humanize(r)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="filter-connection">Connection</label>
            <select id="filter-connection" value={params.connection_id ?? ''} onChange={select('connection_id')}>
              <option value="">Any connection</option>
              {params.connection_id && !connections.some((c) => c.id === params.connection_id) && (
                <option value={params.connection_id}>{params.connection_id}</option>
              )}
              {connections.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="filter-sort">Order</label>
            <select id="filter-sort" value={params.sort} onChange={(e) => onChange({ sort: e.target.value })}>
              {Object.entries(SORTS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <div className="filter-actions">
            <button type="submit" className="button">
              Search
            </button>
            {hasFilters && (
              <button type="button" className="button subtle" onClick={onClear}>
                Clear filters
              </button>
            )}
          </div>
          <details className="more-filters" open={moreOpen} onToggle={(e) => setMoreOpen(e.currentTarget.open)}>
            <summary>More filters{moreSet > 0 ? ` (${moreSet} set)` : ''}</summary>
            <div className="more-filters-fields">
              {kind === 'credential' && (
                <div className="field">
                  <label htmlFor="filter-cred-def">Credential definition</label>
                  <select id="filter-cred-def" value={params.cred_def_id ?? ''} onChange={select('cred_def_id')}>
                    <option value="">Any</option>
                    {params.cred_def_id && !definitions?.some((d) => d.credDefId === params.cred_def_id) && (
                      <option value={params.cred_def_id}>{params.cred_def_id}</option>
                    )}
                    {definitions?.map((d) => (
                      <option key={d.credDefId} value={d.credDefId}>
                        {ownCredDefLabel(d)}
                      </option>
                    ))}
                  </select>
                </div>
              )}
              <div className="field">
                <label htmlFor="filter-from">Started from</label>
                <input id="filter-from" type="date" value={params.from?.slice(0, 10) ?? ''} onChange={select('from')} />
              </div>
              <div className="field">
                <label htmlFor="filter-to">Started until</label>
                <input
                  id="filter-to"
                  type="date"
                  value={params.to?.slice(0, 10) ?? ''}
                  onChange={select('to')}
                  aria-invalid={datesCrossed || undefined}
                  aria-describedby={datesCrossed ? 'filter-dates-crossed' : undefined}
                />
              </div>
              {datesCrossed && (
                <p id="filter-dates-crossed" className="field-error dates-crossed" role="alert">
                  “Started from” is after “Started until”: nothing can match. Swap or clear one of the dates.
                </p>
              )}
              <div className="field">
                <label htmlFor="filter-removed">On the agent</label>
                <select id="filter-removed" value={params.removed ?? ''} onChange={select('removed')}>
                  <option value="">Either</option>
                  <option value="false">Still on the agent</option>
                  <option value="true">Removed from the agent</option>
                </select>
              </div>
              {kind === 'presentation' && (
                <div className="field">
                  <label htmlFor="filter-verified">Result</label>
                  <select id="filter-verified" value={params.verified ?? ''} onChange={select('verified')}>
                    <option value="">Any result</option>
                    <option value="true">Verified</option>
                    <option value="false">Not verified</option>
                  </select>
                </div>
              )}
              <div className="field field-grow">
                <label htmlFor="filter-thread">Thread id</label>
                <input
                  id="filter-thread"
                  value={threadId}
                  onChange={(e) => setThreadId(e.target.value)}
                  placeholder="Exact thread id"
                  spellCheck={false}
                  maxLength={200}
                />
              </div>
            </div>
          </details>
        </div>
      </form>
    </>
  );
}
