import { type WalletStatus, type WalletUpgradeBody, consoleApiRefs } from '@credence/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { callOrAsk } from '../../lib/approvals';
import { walletKeys } from '../../lib/query-keys';

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
 * Starts the upgrade; its answer is the wallet's status, shown at once. What the wallet holds just before is
 * taken and kept by the BFF (decision 031), so any admin's browser can say afterwards what changed.
 */
export function useWalletUpgrade(onError: (error: unknown) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsOwnErrors: true },
    // APPROVALS=wallet-upgrade: held for another admin (nothing started), else the wallet's status.
    mutationFn: (body: WalletUpgradeBody) => callOrAsk<WalletStatus>(consoleApiRefs.upgradeWallet, { body }),
    onSuccess: (answer) => {
      if ('done' in answer) queryClient.setQueryData(walletQueries.status().queryKey, answer.done);
    },
    onError,
  });
}
