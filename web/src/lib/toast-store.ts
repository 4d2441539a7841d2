import { useSyncExternalStore } from 'react';

export interface Toast {
  id: number;
  kind: 'error' | 'success' | 'info';
  message: string;
  /** A link to where the person can act on it. */
  action?: { href: string; label: string };
  /** A failed request's id (its log line and audit entry carry it too): shown under an error for support. */
  reference?: string;
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function push(kind: Toast['kind'], message: string, action?: Toast['action'], reference?: string): void {
  // The same message twice in a row (e.g. several queries failing together) is shown once.
  if (toasts.some((t) => t.message === message)) return;
  const item: Toast = { id: nextId++, kind, message, ...(action && { action }), ...(reference && { reference }) };
  // Newer advice about the same record replaces the older: only its latest next step is worth doing.
  const others = action ? toasts.filter((t) => t.action?.href !== action.href) : toasts;
  toasts = [...others.slice(-3), item];
  emit();
  setTimeout(() => dismiss(item.id), kind === 'error' || action ? 10_000 : 4_000);
}

export function dismiss(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

/**
 * Dismisses the toasts pointing at `href`: the person went there (the action is being taken), or the
 * record moved on (its next step was done, by someone or by the agent).
 */
export function dismissFor(href: string): void {
  if (!toasts.some((t) => t.action?.href === href)) return;
  toasts = toasts.filter((t) => t.action?.href !== href);
  emit();
}

export const toast = {
  error: (message: string, reference?: string) => push('error', message, undefined, reference),
  success: (message: string) => push('success', message),
  info: (message: string, action?: Toast['action']) => push('info', message, action),
};

export function useToasts(): Toast[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
  );
}
