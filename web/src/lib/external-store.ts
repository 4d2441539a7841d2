import { useSyncExternalStore } from 'react';

/** A value outside React that components follow: set from anywhere, read with `useValue()`. */
export function externalStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const get = () => value;
  return {
    get,
    set: (next: T): void => {
      if (Object.is(next, value)) return;
      value = next;
      listeners.forEach((l) => l());
    },
    useValue: (): T => useSyncExternalStore(subscribe, get),
  };
}
