import { consoleApiRefs, RESYNC_EVENT, type ConsoleEvent, type ConsoleRole } from '@credence/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { urlFor } from '../../lib/api-client';
import { dismissFor, toast } from '../../lib/toast-store';
import { useConnections } from '../../lib/connections';
import { setLiveStatus } from '../../lib/live-status';
import { adviceFor, applyEvent } from './event-effects';
import { refreshAfterOpening } from './refresh-after-opening';
import { clearEventLog, recordEvent } from './event-log';

const ADVISED_LIMIT = 2_000;
/** Messages kept while the event schema loads (a page's first second). */
const EARLY_LIMIT = 500;

/**
 * The app's one EventSource. The browser reconnects it itself and sends Last-Event-ID; when the
 * server closed it for good (e.g. the session ended), a new one is opened after a pause, carrying the
 * last id in the query. Each event updates the cache and, where the spec advises an action the user
 * can take, says so once per state change.
 */
export function LiveEvents({ role }: { role: ConsoleRole }) {
  const queryClient = useQueryClient();
  const connections = useConnections();
  const labelOf = useRef(connections.labelOf);
  useEffect(() => {
    labelOf.current = connections.labelOf;
  });

  useEffect(() => {
    let source: EventSource | undefined;
    let lastId: string | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    let stopped = false;
    const advised = new Set<string>();
    // The event schema (and zod with it) is not in the first load: the stream opens at once, and what it
    // says before the schema is in waits here (bounded; past that, what is on screen is fetched again).
    let parse: ((data: string) => ConsoleEvent | undefined) | undefined;
    let early: string[] | undefined = [];

    const take = (event: ConsoleEvent | undefined) => {
      if (!event) return;
      lastId = event.id;
      recordEvent(event);
      applyEvent(queryClient, event);
      // The record moved on: what a toast advised for its earlier state is done (or no longer possible).
      if (event.subject_id && !event.stale && (event.kind === 'credential' || event.kind === 'presentation')) {
        dismissFor(`/${event.kind}s/${event.subject_id}`);
      }
      const key = `${event.topic}|${event.subject_id}|${event.state}`;
      const advice = advised.has(key) ? undefined : adviceFor(event, role, (id) => labelOf.current(id));
      if (advice) {
        advised.add(key);
        if (advised.size > ADVISED_LIMIT) advised.delete(advised.values().next().value!);
        toast.info(`${advice.message} —`, { href: advice.href, label: advice.label });
      }
    };

    const open = () => {
      setLiveStatus(attempts === 0 ? 'connecting' : 'reconnecting');
      source = new EventSource(urlFor(consoleApiRefs.events, { query: { lastEventId: lastId } }));
      source.addEventListener('ready', (ready) => {
        attempts = 0;
        setLiveStatus('live');
        // The first time the stream opens, what happened between loading the page and now was not
        // seen: fetch what is on screen again. Later the server resumes from the id it gave us.
        if (!lastId) refreshAfterOpening(queryClient);
        if (ready.lastEventId) lastId = ready.lastEventId;
      });
      source.addEventListener('message', (message) => {
        const data = message.data as string;
        if (parse) take(parse(data));
        else if (early && early.length < EARLY_LIMIT) early.push(data);
        else early = undefined;
      });
      source.addEventListener(RESYNC_EVENT, (resync) => {
        // More happened than the server still holds: everything on screen is fetched again, and the
        // stream goes on from the position the server gave.
        if (resync.lastEventId) lastId = resync.lastEventId;
        void queryClient.invalidateQueries();
      });
      source.onerror = () => {
        if (stopped || !source) return;
        if (source.readyState === EventSource.CONNECTING) {
          setLiveStatus('reconnecting');
          return;
        }
        source.close();
        attempts++;
        setLiveStatus('offline');
        // A closed stream may mean the session ended: asking for it lets the 401 handling log out.
        void queryClient.invalidateQueries({ queryKey: ['session'] });
        retry = setTimeout(open, Math.min(30_000, 1_000 * 2 ** Math.min(attempts, 5)));
      };
    };

    open();
    void import('./event-parser').then((parser) => {
      if (stopped) return;
      parse = parser.parseConsoleEvent;
      const waiting = early;
      early = undefined;
      if (waiting) for (const data of waiting) take(parse(data));
      // More came than were kept: fetched again, as after a resync.
      else void queryClient.invalidateQueries();
    });
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
      clearEventLog();
      setLiveStatus('offline');
    };
  }, [queryClient, role]);

  return null;
}
