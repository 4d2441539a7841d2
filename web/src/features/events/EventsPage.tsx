import { ScrollRegion } from '../../components/ui/ScrollRegion';
import type { ConsoleEvent } from '@credence/shared';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { useEventLog } from './event-log';

function subjectLink(event: ConsoleEvent): string | undefined {
  if (event.version !== 'v2' || !event.subject_id || event.state === 'deleted') return undefined;
  if (event.kind === 'credential') return `/credentials/${event.subject_id}`;
  if (event.kind === 'presentation') return `/presentations/${event.subject_id}`;
  return undefined;
}

/** The live log of what the agent reported since this page was opened, filterable by topic and id. */
export function EventsPage() {
  const events = useEventLog();
  const [params, setParams] = useSearchParams();
  const topic = params.get('topic') ?? '';
  const subject = params.get('id')?.trim() ?? '';
  const topics = useMemo(() => [...new Set(events.map((e) => e.topic))].sort(), [events]);
  const shown = events.filter((e) => (!topic || e.topic === topic) && (!subject || (e.subject_id ?? '').includes(subject)));
  const set = (key: string, value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    });

  return (
    <section aria-labelledby="events-title">
      <div className="page-head">
        <h1 id="events-title">Live events</h1>
        <p className="muted">What the agent reported since this page was opened, newest first.</p>
      </div>
      <form className="filters" role="search" aria-label="Filter events" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor="event-topic">Topic</label>
          <select id="event-topic" value={topic} onChange={(e) => set('topic', e.target.value)}>
            <option value="">Any topic</option>
            {[...new Set([...topics, ...(topic ? [topic] : [])])].map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
        <div className="field field-grow">
          <label htmlFor="event-subject">Exchange id</label>
          <input
            id="event-subject"
            value={subject}
            onChange={(e) => set('id', e.target.value)}
            placeholder="Part of an exchange or record id"
            spellCheck={false}
          />
        </div>
      </form>
      {shown.length === 0 ? (
        <div className="state-panel">
          <h2>{events.length === 0 ? 'No events yet' : 'No events match these filters'}</h2>
          <p className="muted">Events appear here as the agent sends them.</p>
        </div>
      ) : (
        <ScrollRegion className="table-wrap" label="Events received">
          <table className="data-table" aria-label="Events">
            <thead>
              <tr>
                <th scope="col">Received</th>
                <th scope="col">Topic</th>
                <th scope="col">Exchange</th>
                <th scope="col">State</th>
                <th scope="col">Note</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((event) => {
                const href = subjectLink(event);
                const error = typeof event.payload.error_msg === 'string' ? event.payload.error_msg : undefined;
                return (
                  <tr key={event.id}>
                    <td>
                      <time dateTime={event.received_at}>{formatDateTime(event.received_at)}</time>
                    </td>
                    <td>
                      <span className="mono small">{event.topic}</span> {event.version === 'v1' && <span className="badge badge-attention">v1</span>}
                    </td>
                    <td className="mono small">{href ? <Link to={href}>{event.subject_id}</Link> : (event.subject_id ?? '—')}</td>
                    <td>{event.state ?? '—'}</td>
                    <td>
                      {event.stale && <span className="badge badge-neutral">older than the last seen: not applied</span>}{' '}
                      {error && <span className="text-danger">{error}</span>}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
