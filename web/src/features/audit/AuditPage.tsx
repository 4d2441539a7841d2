import { ScrollRegion } from '../../components/ui/ScrollRegion';
import { consoleApi, type AuditEntry } from '@credence/shared';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ErrorState } from '../../components/ui/ErrorState';
import { urlFor } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { AUDIT_PAGE, auditQueries, type AuditFilters } from './queries';

const outcomes = ['success', 'failure'] as const;
const outcomeOf = (value: string | null) => outcomes.find((outcome) => outcome === value);
const dayOf = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

/** "alice (issuer) issued Student ID 1.2 to Bob Smith", linked to what it was about; older entries name the route. */
function WhatHappened({ entry }: { entry: AuditEntry }) {
  const sentence = entry.summary ?? entry.action;
  return (
    <>
      <strong>{entry.actor}</strong>
      {entry.role && <span className="muted"> ({entry.role})</span>} {entry.link ? <Link to={entry.link}>{sentence}</Link> : sentence}
      {entry.reason && (
        <div className="text-danger small">
          <span className="visually-hidden">Why: </span>
          {entry.reason}
        </div>
      )}
    </>
  );
}

/** Who did what, when, and how it went: every state-changing action through the console. */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const filters: AuditFilters = {
    actor: params.get('actor') ?? undefined,
    action: params.get('action') ?? undefined,
    outcome: outcomeOf(params.get('outcome')),
    from: dayOf(params.get('from')),
    to: dayOf(params.get('to')),
    offset: Math.max(0, Number(params.get('offset')) || 0),
  };
  const audit = useQuery(auditQueries.page(filters));
  const set = (changes: Record<string, string | undefined>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [k, v] of Object.entries(changes)) {
        if (v) next.set(k, v);
        else next.delete(k);
      }
      if (!('offset' in changes)) next.delete('offset');
      return next;
    });

  return (
    <section aria-labelledby="audit-title">
      <div className="page-head">
        <h1 id="audit-title">Audit log</h1>
        <p className="muted">Every state-changing action through the console, newest first.</p>
        <a
          className="button"
          href={urlFor(consoleApi.auditExport, {
            query: { actor: filters.actor, action: filters.action, outcome: filters.outcome, from: filters.from, to: filters.to },
          })}
          download
        >
          Download as CSV
        </a>
      </div>
      <form className="filters" role="search" aria-label="Filter the audit log" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor="audit-actor">Who (whole username)</label>
          <input id="audit-actor" defaultValue={filters.actor} onChange={(e) => set({ actor: e.target.value.trim() || undefined })} />
        </div>
        <div className="field field-grow">
          <label htmlFor="audit-action">What (contains)</label>
          <input
            id="audit-action"
            defaultValue={filters.action}
            placeholder="revoked, Bob Smith, Student ID…"
            onChange={(e) => set({ action: e.target.value || undefined })}
          />
        </div>
        <div className="field">
          <label htmlFor="audit-from">From</label>
          <input id="audit-from" type="date" value={filters.from ?? ''} onChange={(e) => set({ from: e.target.value || undefined })} />
        </div>
        <div className="field">
          <label htmlFor="audit-to">Until</label>
          <input id="audit-to" type="date" value={filters.to ?? ''} onChange={(e) => set({ to: e.target.value || undefined })} />
        </div>
        <div className="field">
          <label htmlFor="audit-outcome">Outcome</label>
          <select id="audit-outcome" value={filters.outcome ?? ''} onChange={(e) => set({ outcome: e.target.value || undefined })}>
            <option value="">Any</option>
            <option value="success">Succeeded</option>
            <option value="failure">Failed</option>
          </select>
        </div>
      </form>
      {audit.isPending ? (
        <div className="state-panel" aria-busy="true">
          Loading…
        </div>
      ) : audit.isError ? (
        <ErrorState error={audit.error} onRetry={() => audit.refetch()} />
      ) : audit.data.entries.length === 0 ? (
        <div className="state-panel">
          <h2>No entries{filters.actor || filters.action || filters.outcome || filters.from || filters.to ? ' match these filters' : ' yet'}</h2>
        </div>
      ) : (
        <ScrollRegion className="table-wrap" label="Audit log entries">
          <table className="data-table" aria-label="Audit log">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">What happened</th>
                <th scope="col">Result</th>
                <th scope="col" className="hide-narrow">
                  Request
                </th>
              </tr>
            </thead>
            <tbody>
              {audit.data.entries.map((e, i) => (
                <tr key={`${e.at}-${i}`}>
                  <td>
                    <time dateTime={e.at}>{formatDateTime(e.at)}</time>
                  </td>
                  <td>
                    <WhatHappened entry={e} />
                  </td>
                  <td>
                    <span className={`badge ${e.outcome === 'success' ? 'badge-success' : 'badge-danger'}`}>
                      {e.outcome === 'success' ? 'Done' : 'Refused'} {e.status}
                    </span>
                  </td>
                  <td className="mono small muted hide-narrow">
                    <div>{e.action}</div>
                    {Object.entries(e.target).map(([k, v]) => (
                      <div key={k}>
                        {k}: {v}
                      </div>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <nav className="pager" aria-label="Pages">
        <span />
        <div className="pager-controls">
          <button
            type="button"
            className="button"
            disabled={filters.offset === 0}
            onClick={() => set({ offset: String(Math.max(0, filters.offset - AUDIT_PAGE)) })}
          >
            Previous
          </button>
          <button type="button" className="button" disabled={!audit.data?.hasMore} onClick={() => set({ offset: String(filters.offset + AUDIT_PAGE) })}>
            Next
          </button>
        </div>
      </nav>
    </section>
  );
}
