import { act } from '@testing-library/react';

/**
 * A change to the query cache, as a live event makes it, inside act: React Query tells its observers
 * on the next tick, so the wait for that tick is inside act too and the render it causes is not
 * reported as an update outside act.
 */
export async function cacheChange(change: () => unknown): Promise<void> {
  await act(async () => {
    await change();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}
