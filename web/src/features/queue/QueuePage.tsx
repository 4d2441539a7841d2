import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ConnectionName } from '../../components/exchange-list/cells';
import { ErrorState } from '../../components/ui/ErrorState';
import { useConnections } from '../../lib/connections';
import { consoleConfigQueries } from '../../lib/console-config';
import { useFormat, useRichT, useT } from '../../i18n/use-t';
import { advisedActionLabel } from '../../lib/advised-action-words';
import { ApprovalRequests } from '../../components/approvals/ApprovalRequests';
import { useIssueAllRequested } from './IssueAllRequested';
import { proposalInWords } from './proposal-words';
import { groupQueue, holderStates, matchingItems, useQueue, useWaitingCount, type QueueItem, type QueueOrder } from './queue';
import './queue.css';

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
  const t = useT();
  const tRich = useRichT();
  const format = useFormat();
  const role = useQuery(consoleConfigQueries.current()).data?.role;
  const [search, setSearch] = useSearchParams();
  const { order, holder, q } = parseQueueParams(search);
  const [typed, setTyped] = useTyped(q);
  const queue = useQueue(role, holder);
  const holderCount = useWaitingCount(role, holderStates(role));
  const mayHold = holderStates(role).credential.length + holderStates(role).presentation.length > 0;
  const connections = useConnections();
  const issueAll = useIssueAllRequested(connections.labelOf);
  const fromQueue = { from: { href: '/queue', label: t('needsMe.title') } };
  // What each waits on, in words: its own name, else what a proposal offers, else its kind.
  const shown = queue.items.map((item) => ({ ...item, what: whatOf(item) }));
  // Narrowed as typed: a group, and so "Issue all requested", holds only what is shown.
  const groups = groupQueue(matchingItems(shown, q, connections.labelOf), order);
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

  function whatOf(item: QueueItem): string {
    if (item.what) return item.what;
    if (item.proposal) return proposalInWords(item.proposal, t, format.locale);
    return t(item.kind === 'credential' ? 'needsMe.item.credentialExchange' : 'needsMe.item.presentationExchange');
  }
  function actionOf(item: QueueItem): string {
    const key = advisedActionLabel(item.kind, item.state);
    return key ? t(key) : item.action.label;
  }

  return (
    <section aria-labelledby="queue-title">
      <div className="page-head">
        <h1 id="queue-title">{t('needsMe.title')}</h1>
        <p className="muted">{t('needsMe.subtitle')}</p>
      </div>
      <div className="filters queue-controls" role="group" aria-label={t('needsMe.controls')}>
        <div className="field">
          <label htmlFor="queue-order">{t('needsMe.order')}</label>
          <select id="queue-order" value={order} onChange={(e) => set('order', e.target.value === 'newest' ? 'newest' : undefined)}>
            <option value="oldest">{t('needsMe.order.oldest')}</option>
            <option value="newest">{t('needsMe.order.newest')}</option>
          </select>
        </div>
        <div className="field field-grow">
          <label htmlFor="queue-q">{t('needsMe.search')}</label>
          <input
            id="queue-q"
            type="search"
            value={typed}
            maxLength={200}
            placeholder={t('needsMe.search.placeholder')}
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
            {holderCount.isPending ? t('needsMe.holderTasks') : t('needsMe.holderTasks.counted', { count: holderCount.count })}
          </label>
        )}
      </div>
      {(role === 'admin' || role === 'issuer') && <ApprovalRequests />}
      {queue.error ? (
        <ErrorState error={queue.error} />
      ) : queue.isPending ? (
        <div className="state-panel" aria-busy="true">
          {t('needsMe.loading')}
        </div>
      ) : groups.length === 0 && q ? (
        <div className="state-panel">
          <h2>{t('needsMe.noMatch', { words: q })}</h2>
          <p>{t('needsMe.noMatch.hint')}</p>
        </div>
      ) : groups.length === 0 ? (
        <div className="state-panel">
          <h2>{t('needsMe.empty')}</h2>
          <p>{t('needsMe.empty.hint')}</p>
        </div>
      ) : (
        groups.map((group) => (
          <section key={group.key} className="queue-group" aria-labelledby={`queue-${group.key.replace(':', '-')}`}>
            <div className="queue-group-head">
              <h2 id={`queue-${group.key.replace(':', '-')}`}>
                {t(group.title)} <span className="count-badge">{format.number(group.items.length)}</span>
              </h2>
              {group.key === 'credential:request-received' && issueAll.button(group.items)}
            </div>
            <ol className="queue-list" aria-label={t(group.title)}>
              {group.items.map((item) => (
                <li key={item.id} className="queue-item card">
                  <div>
                    <strong>{item.what}</strong>
                    <div className="muted small">
                      {tRich('needsMe.item.from', {
                        person: <ConnectionName id={item.connectionId} labelOf={connections.labelOf} />,
                        ago: <span title={format.dateTime(item.waitingSince)}>{format.timeAgo(item.waitingSince)}</span>,
                      })}
                    </div>
                  </div>
                  <Link
                    className="button"
                    to={item.href}
                    state={fromQueue}
                    aria-label={t('needsMe.item.actionOn', { action: actionOf(item), what: item.what })}
                  >
                    {actionOf(item)}
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
