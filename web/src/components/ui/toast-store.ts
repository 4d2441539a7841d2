import { useSyncExternalStore } from 'react';

export interface Toast {
  id: number;
  kind: 'error' | 'success' | 'info';
  message: string;
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function push(kind: Toast['kind'], message: string): void {
  // The same message twice in a row (e.g. several queries failing together) is shown once.
  if (toasts.some((t) => t.message === message)) return;
  const item = { id: nextId++, kind, message };
  toasts = [...toasts.slice(-3), item];
  emit();
  setTimeout(() => dismiss(item.id), kind === 'error' ? 8_000 : 4_000);
}

export function dismiss(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export const toast = {
  error: (message: string) => push('error', message),
  success: (message: string) => push('success', message),
  info: (message: string) => push('info', message),
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
