import { externalStore } from './external-store';

/** How the browser's event stream is doing: shown in the top bar, read by queries that poll as a fallback. */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'offline';

const store = externalStore<LiveStatus>('connecting');

export const setLiveStatus = store.set;
export const useLiveStatus = store.useValue;

/** While events are not flowing, poll a record that waits on its peer. */
export const pollWhileNotLive = (waiting: boolean): number | false => (waiting && store.get() !== 'live' ? 3_000 : false);
