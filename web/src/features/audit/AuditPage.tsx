import { ScrollRegion } from '../../components/ui/ScrollRegion';
import { type AuditEntry, consoleApiRefs } from '@credence/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../components/ui/ErrorState';
import { urlFor } from '../../lib/api-client';
import { CanonicalSearch, LeftOutOfLink } from '../../lib/canonical-search';
import { datesAreCrossed, formatDateTime } from '../../lib/format';
import { inMyTimeZone } from '../../lib/time-zone';
import { dayEnd, dayStart, datePresets, presetOf, presetRange } from './date-presets';
import { AUDIT_PAGE, auditQueries, type AuditFilters } from './queries';
import { ExportPeriod } from './components/ExportPeriod';
import { LogCheck } from './components/LogCheck';
import { WhatHappened } from './components/WhatHappened';

const outcomes = ['success', 'failure'] as const;
const outcomeOf = (value: string | null) => outcomes.find((outcome) => outcome === value);
const dayOf = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

/** "1 entry", "2,431 entries match", "10,000+ entries". */
function countText(total: number, capped: boolean, filtered: boolean): string {
  const one = total === 1 && !capped;
  return `${total.toLocaleString('en')}${capped ? '+' : ''} ${one ? 'entry' : 'entries'}${filtered ? (one ? ' matches' : ' match') : ''}`;
}

const signInsChoices = ['show', 'only'] as const;
type SignIns = (typeof signInsChoices)[number] | undefined;

interface AuditParams {
  actor?: string;
  /** The provider whose user `actor` is; without it, `actor` is a local user. */
  via?: string;
  action?: string;
  outcome?: (typeof outcomes)[number];
  from?: string;
  to?: string;
  /** Sign-ins and sign-outs are left out unless asked for: they would bury what was done. */
  signins?: SignIns;
  offset: number;
}

function parseAuditParams(search: URLSearchParams): AuditParams {
  const offset = Number(search.get('offset'));
  return {
    actor: search.get('actor')?.trim() || undefined,
    via: search.get('via')?.trim() || undefined,
    action: search.get('action') || undefined,
    outcome: outcomeOf(search.get('outcome')),
    from: dayOf(search.get('from')),
    to: dayOf(search.get('to')),
    signins: signInsChoices.find((c) => c === search.get('signins')),
    offset: Number.isInteger(offset) && offset > 0 ? offset : 0,
  };
}

function searchOfAuditParams(params: AuditParams): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of ['actor', 'via', 'action', 'outcome', 'from', 'to', 'signins'] as const) if (params[key]) search.set(key, params[key]);
  if (params.offset > 0) search.set('offset', String(params.offset));
  return search;
}

/**
 * A typed filter's text: what is being typed (spaces and all), and what the address says once it changes
 * otherwise (a name chosen in the table, the back button).
 */
function useTypedFilter(fromAddress: string | undefined): [string, (text: string) => void] {
  const [text, setText] = useState(fromAddress ?? '');
  const [seen, setSeen] = useState(fromAddress);
  if (fromAddress !== seen) {
    setSeen(fromAddress);
    if ((fromAddress ?? '') !== text.trim()) setText(fromAddress ?? '');
  }
  return [text, setText];
}

/** Who did what, when, and how it went: every state-changing action through the console. */
export function AuditPage() {
  const [search, setParams] = useSearchParams();
  const params = parseAuditParams(search);
  const [actorText, setActorText] = useTypedFilter(params.actor);
  const [viaText, setViaText] = useTypedFilter(params.via);
  const filters: AuditFilters = {
    actor: params.actor,
    via: params.via,
    action: params.action,
    outcome: params.outcome,
    // The days of the date fields are the clerk's own: asked as the instants they start and end here.
    from: dayStart(params.from),
    to: dayEnd(params.to),
    sign_ins: params.signins === 'only' ? true : params.signins === 'show' ? undefined : false,
    offset: params.offset,
  };
  const preset = presetOf(params.from, params.to);
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
  const datesCrossed = datesAreCrossed(params.from, params.to);
  const filtered = Boolean(params.actor || params.via || params.action || params.outcome || params.from || params.to || params.signins === 'only');
  /** This page with only one person's entries (the other filters kept). */
  const onlyTheirs = (entry: AuditEntry) => `?${searchOfAuditParams({ ...params, actor: entry.actor, via: entry.via ?? undefined, offset: 0 }).toString()}`;
  const data = audit.data;

  return (
    <section aria-labelledby="audit-title">
      <CanonicalSearch search={search} canonical={searchOfAuditParams(params)} />
      <LeftOutOfLink />
      <div className="page-head">
        <h1 id="audit-title">Audit log</h1>
        <p className="muted">Every state-changing action through the console, newest first.</p>
        <a
          className="button"
          href={inMyTimeZone(
            urlFor(consoleApiRefs.auditExport, {
              query: {
                actor: filters.actor,
                via: filters.via,
                action: filters.action,
                outcome: filters.outcome,
                from: filters.from,
                to: filters.to,
                sign_ins: filters.sign_ins,
              },
            }),
          )}
          download
        >
          Download as CSV
        </a>
      </div>
      <div className="log-keeping">
        <LogCheck />
        <ExportPeriod />
      </div>
      <form className="filters filters-top" role="search" aria-label="Filter the audit log" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor="audit-actor">Who (username)</label>
          <input
            id="audit-actor"
            value={actorText}
            onChange={(e) => {
              setActorText(e.target.value);
              set({ actor: e.target.value.trim() || undefined });
            }}
          />
        </div>
        <div className="field">
          <label htmlFor="audit-via">Signed in via</label>
          <input
            id="audit-via"
            value={viaText}
            placeholder="this console"
            aria-describedby="audit-via-hint"
            onChange={(e) => {
              setViaText(e.target.value);
              set({ via: e.target.value.trim() || undefined });
            }}
          />
          <small id="audit-via-hint" className="muted">
            A provider, as shown beside its users; empty: a name is one of this console’s own users.
          </small>
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
          <label htmlFor="audit-period">Period</label>
          <select
            id="audit-period"
            value={preset ?? (params.from || params.to ? 'custom' : '')}
            onChange={(e) => {
              const chosen = datePresets.find((p) => p.id === e.target.value);
              if (chosen) set(presetRange(chosen.id));
              else if (e.target.value === '') set({ from: undefined, to: undefined });
            }}
          >
            <option value="">Any time</option>
            {datePresets.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
            {!preset && (params.from || params.to) && <option value="custom">Dates chosen below</option>}
          </select>
        </div>
        <div className="field">
          <label htmlFor="audit-from">From</label>
          <input id="audit-from" type="date" value={params.from ?? ''} onChange={(e) => set({ from: e.target.value || undefined })} />
        </div>
        <div className="field">
          <label htmlFor="audit-to">Until</label>
          <input
            id="audit-to"
            type="date"
            value={params.to ?? ''}
            onChange={(e) => set({ to: e.target.value || undefined })}
            aria-invalid={datesCrossed || undefined}
            aria-describedby={datesCrossed ? 'audit-dates-crossed' : undefined}
          />
        </div>
        <div className="field">
          <label htmlFor="audit-outcome">Outcome</label>
          <select id="audit-outcome" value={filters.outcome ?? ''} onChange={(e) => set({ outcome: e.target.value || undefined })}>
            <option value="">Any</option>
            <option value="success">Succeeded</option>
            <option value="failure">Failed</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="audit-signins">Sign-ins</label>
          <select id="audit-signins" value={params.signins ?? ''} onChange={(e) => set({ signins: e.target.value || undefined })}>
            <option value="">Left out</option>
            <option value="show">Shown</option>
            <option value="only">Only sign-ins</option>
          </select>
        </div>
        {datesCrossed && (
          <p id="audit-dates-crossed" className="field-error dates-crossed" role="alert">
            “From” is after “Until”: nothing can match. Swap or clear one of the dates.
          </p>
        )}
      </form>
      {data && (
        <p className="muted" role="status">
          {countText(data.total, data.total_capped, filtered)}
          {params.signins === undefined ? ' · sign-ins left out' : ''}
        </p>
      )}
      {audit.isPending ? (
        <div className="state-panel" aria-busy="true">
          Loading…
        </div>
      ) : audit.isError ? (
        <ErrorState error={audit.error} onRetry={() => audit.refetch()} />
      ) : audit.data.entries.length === 0 ? (
        <div className="state-panel">
          <h2>{filtered ? 'No entries match these filters' : params.signins === undefined ? 'No actions yet' : 'No entries yet'}</h2>
          {params.signins === undefined && <p className="muted">Sign-ins and sign-outs are left out: choose “Shown” under Sign-ins to see them.</p>}
        </div>
      ) : (
        <ScrollRegion className="table-wrap" label="Audit log entries">
          {/* On a phone each entry is a card (CSS); the explicit roles keep it a table for screen readers. */}
          <table className="data-table stack-narrow" role="table" aria-label="Audit log">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">What happened</th>
                <th scope="col">Result</th>
              </tr>
            </thead>
            <tbody>
              {audit.data.entries.map((e, i) => (
                <tr key={`${e.at}-${i}`}>
                  <td data-label="When">
                    <time dateTime={e.at}>{formatDateTime(e.at)}</time>
                  </td>
                  <td data-label="What happened">
                    <WhatHappened entry={e} onlyTheirs={onlyTheirs(e)} />
                  </td>
                  <td data-label="Result">
                    <span className={`badge ${e.outcome === 'success' ? 'badge-success' : 'badge-danger'}`}>
                      {e.outcome === 'success' ? 'Done' : 'Refused'}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <nav className="pager" aria-label="Pages">
        <span className="muted">
          {data && data.entries.length > 0
            ? `${(params.offset + 1).toLocaleString('en')}–${(params.offset + data.entries.length).toLocaleString('en')} of ${data.total.toLocaleString('en')}${data.total_capped ? '+' : ''}`
            : ''}
        </span>
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
