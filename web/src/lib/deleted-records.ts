import { useSyncExternalStore } from 'react';

/** Exchanges the agent reported deleted (a `deleted` webhook), so their pages can say so. */
const deleted = new Set<string>();
const listeners = new Set<() => void>();
let version = 0;

export function markDeleted(id: string): void {
  if (deleted.has(id)) return;
  deleted.add(id);
  version++;
  listeners.forEach((l) => l());
}

export function useWasDeleted(id: string): boolean {
  useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => version,
  );
  return deleted.has(id);
}
