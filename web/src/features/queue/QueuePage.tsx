import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ConnectionName } from '../../components/exchange-list/cells';
import { ErrorState } from '../../components/ui/ErrorState';
import { useConnections } from '../../lib/connections';
import { consoleConfigQueries } from '../../lib/console-config';
import { formatDateTime, timeAgo } from '../../lib/format';
import { useIssueAllRequested } from './IssueAllRequested';
import { groupQueue, holderStates, matchingItems, useQueue, useWaitingCount, type QueueOrder } from './queue';
import './queue.css';

const fromQueue = { from: { href: '/queue', label: 'Needs me' } };

/** The page's choices, kept in the address: the order, whether a holder's chores are shown, the words that narrow the list. */
function parseQueueParams(search: URLSearchParams): { order: QueueOrder; holder: boolean; q: string } {
  return { order: search.get('order') === 'newest' ? 'newest' : 'oldest', holder: search.get('holder') === 'shown', q: search.get('q') ?? '' };
}

/** What is typed in the search box, replaced by the address's words when those change (back, a shared link). */
function useTyped(value: string) {
  const [typed, setTyped] = useState({ for: value, text: value });
  return [typed.for === value ? typed.text : value, (text: string, next: string) => setTyped({ for: next, text })] as const;
}

/**
 * "Needs me": what this person's role must do, grouped by kind with counts, the longest waiting first (or the
 * newest, as chosen), each action one click away; a group of credential requests can be issued at once. The
 * wallet's own chores as a holder (an offer to accept, a proof request to answer) only when asked.
 */
export function QueuePage() {
  const role = useQuery(consoleConfigQueries.current()).data?.role;
  const [search, setSearch] = useSearchParams();
  const { order, holder, q } = parseQueueParams(search);
  const [typed, setTyped] = useTyped(q);
  const queue = useQueue(role, holder);
  const holderCount = useWaitingCount(role, holderStates(role));
  const mayHold = holderStates(role).credential.length + holderStates(role).presentation.length > 0;
  const connections = useConnections();
  const issueAll = useIssueAllRequested(connections.labelOf);
  // Narrowed as typed: a group, and so "Issue all requested", holds only what is shown.
  const groups = groupQueue(matchingItems(queue.items, q, connections.labelOf), order);
  const set = (key: string, value: string | undefined) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  return (
    <section aria-labelledby="queue-title">
      <div className="page-head">
        <h1 id="queue-title">Needs me</h1>
        <p className="muted">What waits for you to act, by kind. Live.</p>
      </div>
      <div className="filters queue-controls" role="group" aria-label="How the list is shown">
        <div className="field">
          <label htmlFor="queue-order">Order</label>
          <select id="queue-order" value={order} onChange={(e) => set('order', e.target.value === 'newest' ? 'newest' : undefined)}>
            <option value="oldest">Waiting longest first</option>
            <option value="newest">Newest first</option>
          </select>
        </div>
        <div className="field field-grow">
          <label htmlFor="queue-q">Person or credential</label>
          <input
            id="queue-q"
            type="search"
            value={typed}
            maxLength={200}
            placeholder="e.g. Alice, Student ID"
            onChange={(e) => {
              const words = e.target.value.trim();
              setTyped(e.target.value, words);
              set('q', words || undefined);
            }}
          />
        </div>
        {mayHold && (
          <label className="check">
            <input type="checkbox" checked={holder} onChange={(e) => set('holder', e.target.checked ? 'shown' : undefined)} />
            Show holder tasks{!holderCount.isPending && ` (${holderCount.count})`}
          </label>
        )}
      </div>
      {queue.error ? (
        <ErrorState error={queue.error} />
      ) : queue.isPending ? (
        <div className="state-panel" aria-busy="true">
          Loading what waits for you…
        </div>
      ) : groups.length === 0 && q ? (
        <div className="state-panel">
          <h2>Nothing waiting matches “{q}”</h2>
          <p>Clear the search to see everything that waits for you.</p>
        </div>
      ) : groups.length === 0 ? (
        <div className="state-panel">
          <h2>Nothing waits for you</h2>
          <p>New requests, proposals and presentations appear here as they arrive.</p>
        </div>
      ) : (
        groups.map((group) => (
          <section key={group.key} className="queue-group" aria-labelledby={`queue-${group.key.replace(':', '-')}`}>
            <div className="queue-group-head">
              <h2 id={`queue-${group.key.replace(':', '-')}`}>
                {group.title} <span className="count-badge">{group.items.length}</span>
              </h2>
              {group.key === 'credential:request-received' && issueAll.button(group.items)}
            </div>
            <ol className="queue-list" aria-label={group.title}>
              {group.items.map((item) => (
                <li key={item.id} className="queue-item card">
                  <div>
                    <strong>{item.what}</strong>
                    <div className="muted small">
                      <ConnectionName id={item.connectionId} labelOf={connections.labelOf} /> · arrived{' '}
                      <span title={formatDateTime(item.waitingSince)}>{timeAgo(item.waitingSince)}</span>
                    </div>
                  </div>
                  <Link className="button" to={item.href} state={fromQueue} aria-label={`${item.action.label}: ${item.what}`}>
                    {item.action.label}
                  </Link>
                </li>
              ))}
            </ol>
          </section>
        ))
      )}
      {issueAll.dialog}
    </section>
  );
}
