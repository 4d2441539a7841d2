import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ConnectionName } from '../../components/exchange-list/cells';
import { ErrorState } from '../../components/ui/ErrorState';
import { StateBadge } from '../../components/ui/StateBadge';
import { useConnections } from '../../lib/connections';
import { consoleConfigQueries } from '../../lib/console-config';
import { formatDateTime, timeAgo } from '../../lib/format';
import { useQueue } from './queue';

const fromQueue = { from: { href: '/queue', label: 'Needs me' } };

/** "Needs me": every exchange waiting on this person's role, oldest first, the action one click away. */
export function QueuePage() {
  const role = useQuery(consoleConfigQueries.current()).data?.role;
  const queue = useQueue(role);
  const connections = useConnections();
  return (
    <section aria-labelledby="queue-title">
      <div className="page-head">
        <h1 id="queue-title">Needs me</h1>
        <p className="muted">Exchanges waiting for you to act, the longest waiting first. Live.</p>
      </div>
      {queue.error ? (
        <ErrorState error={queue.error} />
      ) : queue.isPending ? (
        <div className="state-panel" aria-busy="true">
          Loading what waits for you…
        </div>
      ) : queue.items.length === 0 ? (
        <div className="state-panel">
          <h2>Nothing waits for you</h2>
          <p>New requests, offers and presentations appear here as they arrive.</p>
        </div>
      ) : (
        <ol className="queue-list" aria-label="Exchanges waiting on you">
          {queue.items.map((item) => (
            <li key={item.id} className="queue-item card">
              <div>
                <strong>{item.what}</strong> <StateBadge state={item.state} />
                <div className="muted small">
                  <ConnectionName id={item.connectionId} labelOf={connections.labelOf} /> · arrived{' '}
                  <span title={formatDateTime(item.waitingSince)}>{timeAgo(item.waitingSince)}</span>
                </div>
              </div>
              <Link className="button primary" to={item.href} state={fromQueue} aria-label={`${item.action.label}: ${item.what}`}>
                {item.action.label}
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
