import type { ConsoleEvent } from '@credence/shared';
import { useSyncExternalStore } from 'react';

/** The live log kept in the browser for the Events page: newest first, bounded. */
const LIMIT = 500;
let events: ConsoleEvent[] = [];
const listeners = new Set<() => void>();

export function recordEvent(event: ConsoleEvent): void {
  if (events.some((e) => e.id === event.id)) return;
  events = [event, ...events].slice(0, LIMIT);
  listeners.forEach((l) => l());
}

export function clearEventLog(): void {
  events = [];
  listeners.forEach((l) => l());
}

export function useEventLog(): ConsoleEvent[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => events,
  );
}
