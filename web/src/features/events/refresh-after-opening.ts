import type { QueryClient } from '@tanstack/react-query';

/**
 * What is on screen was read before the stream opened: fetched again. A fetch still on its way is not
 * cancelled (the page would wait for a second answer before showing anything): its answer is shown,
 * then asked again.
 */
export function refreshAfterOpening(queryClient: QueryClient): void {
  const onTheirWay = queryClient.getQueryCache().findAll({ fetchStatus: 'fetching' });
  void queryClient.invalidateQueries({}, { cancelRefetch: false });
  for (const query of onTheirWay) {
    const again = () => void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true }, { cancelRefetch: false });
    query.promise?.then(again, again);
  }
}
