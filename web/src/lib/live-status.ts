import { useSyncExternalStore } from 'react';

/** How the browser's event stream is doing: shown in the top bar, read by queries that poll as a fallback. */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'offline';

let status: LiveStatus = 'connecting';
const listeners = new Set<() => void>();

export function setLiveStatus(next: LiveStatus): void {
  if (next === status) return;
  status = next;
  listeners.forEach((l) => l());
}

export const liveStatus = (): LiveStatus => status;

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => status,
  );
}

/** While events are not flowing, poll a record that waits on its peer. */
export const pollWhileNotLive = (waiting: boolean): number | false => (waiting && status !== 'live' ? 3_000 : false);
