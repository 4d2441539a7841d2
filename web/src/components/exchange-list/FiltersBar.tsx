import { useState } from 'react';
import { humanize } from '../../lib/format';
import type { ConnectionOption } from '../../lib/connections';
import type { ExchangeListParams, FilterKey } from './list-params';

interface FiltersBarProps {
  params: ExchangeListParams;
  states: readonly string[];
  roles: readonly string[];
  connections: ConnectionOption[];
  onChange: (changes: Partial<Record<FilterKey, string | undefined>>) => void;
  onClear: () => void;
  hasFilters: boolean;
}

export function FiltersBar({ params, states, roles, connections, onChange, onClear, hasFilters }: FiltersBarProps) {
  const [threadId, setThreadId] = useState(params.thread_id ?? '');
  // The address changed (back, a cleared filter): the box shows what the list is filtered by now.
  const [shownFor, setShownFor] = useState(params.thread_id);
  if (shownFor !== params.thread_id) {
    setShownFor(params.thread_id);
    setThreadId(params.thread_id ?? '');
  }

  return (
    <form
      className="filters"
      role="search"
      aria-label="Filter records"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ thread_id: threadId.trim() || undefined });
      }}
    >
      <div className="field">
        <label htmlFor="filter-state">State</label>
        <select id="filter-state" value={params.state ?? ''} onChange={(e) => onChange({ state: e.target.value || undefined })}>
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
        <select id="filter-role" value={params.role ?? ''} onChange={(e) => onChange({ role: e.target.value || undefined })}>
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
        <select id="filter-connection" value={params.connection_id ?? ''} onChange={(e) => onChange({ connection_id: e.target.value || undefined })}>
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
      <div className="field field-grow">
        <label htmlFor="filter-thread">Thread id</label>
        <input id="filter-thread" value={threadId} onChange={(e) => setThreadId(e.target.value)} placeholder="Exact thread id" spellCheck={false} />
      </div>
      <div className="filter-actions">
        <button type="submit" className="button">
          Apply
        </button>
        {hasFilters && (
          <button type="button" className="button subtle" onClick={onClear}>
            Clear filters
          </button>
        )}
      </div>
    </form>
  );
}
