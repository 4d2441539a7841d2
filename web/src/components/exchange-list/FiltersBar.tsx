import type { RegisterKind, RegisterSort } from '@credence/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { consoleConfigQueries } from '../../lib/console-config';
import { ownCredDefLabel, ownDefinitionQueries } from '../../lib/own-definitions';
import { humanize } from '../../lib/format';
import type { ConnectionOption } from '../../lib/connections';
import { useSearchParams } from 'react-router';
import { CanonicalSearch, LeftOutOfLink } from '../../lib/canonical-search';
import { ChoiceField, type Choice } from '../ui/ChoiceField';
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

const REMOVED: Choice[] = [
  ['false', 'Still on the agent'],
  ['true', 'Removed from the agent'],
];
const VERIFIED: Choice[] = [
  ['true', 'Verified'],
  ['false', 'Not verified'],
];

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
  const choose = (key: FilterKey) => (value: string | undefined) => onChange({ [key]: value });
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
          <ChoiceField
            id="filter-state"
            label="State"
            value={params.state}
            onChange={choose('state')}
            any="Any state"
            choices={states.map((v) => [v, humanize(v)])}
          />
          <ChoiceField
            id="filter-role"
            label="Role"
            value={params.role}
            onChange={choose('role')}
            any="Any role"
            choices={roles.map((v) => [v, humanize(v)])}
          />
          <ChoiceField
            id="filter-connection"
            label="Connection"
            value={params.connection_id}
            onChange={choose('connection_id')}
            any="Any connection"
            choices={connections.map((c) => [c.id, c.label])}
          />
          <ChoiceField id="filter-sort" label="Order" value={params.sort} onChange={(sort) => onChange({ sort })} choices={Object.entries(SORTS)} />
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
                <ChoiceField
                  id="filter-cred-def"
                  label="Credential definition"
                  value={params.cred_def_id}
                  onChange={choose('cred_def_id')}
                  any="Any"
                  choices={(definitions ?? []).map((d) => [d.credDefId, ownCredDefLabel(d)])}
                />
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
              <ChoiceField id="filter-removed" label="On the agent" value={params.removed} onChange={choose('removed')} any="Either" choices={REMOVED} />
              {kind === 'presentation' && (
                <ChoiceField id="filter-verified" label="Result" value={params.verified} onChange={choose('verified')} any="Any result" choices={VERIFIED} />
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
