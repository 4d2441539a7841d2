import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { installConsoleGuard } from '../../../shared/src/test/console-guard';
import { loadFilterCheck } from '../components/exchange-list/list-params';
import { dismiss, useToasts } from '../lib/toast-store';

// First, so its check runs after the clean-ups below (after-hooks run in reverse order).
installConsoleGuard();

// In the app the list route's loader loads the filter check before a filtered list renders; pages
// rendered here have no loader.
beforeAll(async () => {
  await loadFilterCheck();
});

afterEach(() => {
  cleanup();
  // Toasts live in a module-wide store: one test's must not be seen by the next.
  const { result, unmount } = renderHook(() => useToasts());
  act(() => result.current.forEach((toast) => dismiss(toast.id)));
  unmount();
});
