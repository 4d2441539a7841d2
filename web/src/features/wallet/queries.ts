import { type WalletUpgradeBody, consoleApiRefs } from '@credence/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { walletKeys } from '../../lib/query-keys';
import { rememberInventory, takeInventory } from './upgrade-inventory';

const RUNNING = new Set(['in-progress', 'agent-unavailable']);
export const upgradeRunning = (state: string | undefined) => RUNNING.has(state ?? '');

export const walletQueries = {
  all: walletKeys.all,
  status: () =>
    queryOptions({
      queryKey: walletKeys.all(),
      queryFn: ({ signal }) => callApi(consoleApiRefs.wallet, {}, { signal }),
      // While an upgrade runs, follow it closely.
      refetchInterval: (query) => (upgradeRunning(query.state.data?.upgrade.state) ? 1_000 : false),
    }),
};

/**
 * Starts the upgrade; its answer is the wallet's status, shown at once. Just before, what the wallet
 * holds is asked of the agent and kept in this browser, so the page can say afterwards what changed.
 */
export function useWalletUpgrade(walletType: string, onError: (error: unknown) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsOwnErrors: true },
    mutationFn: async (body: WalletUpgradeBody) => {
      const before = await takeInventory(queryClient, walletType).catch(() => null);
      const status = await callApi(consoleApiRefs.upgradeWallet, { body });
      if (before) rememberInventory(body.wallet_name, before);
      return status;
    },
    onSuccess: (status) => queryClient.setQueryData(walletQueries.status().queryKey, status),
    onError,
  });
}
