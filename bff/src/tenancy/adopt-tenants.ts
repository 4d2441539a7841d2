import { z } from 'zod';
import type { AcapyClient } from '../acapy/client.js';
import type { TenantEntry, TenantRegistry } from './tenant-registry.js';

const walletList = z.object({
  results: z.array(
    z.object({
      wallet_id: z.string().min(1),
      created_at: z.string().optional(),
      settings: z.record(z.string(), z.unknown()).optional(),
    }),
  ),
});
const tokenAnswer = z.object({ token: z.string().min(1) });

/** The name people know the wallet by: its label, else its wallet name, else its id. */
function labelOf(settings: Record<string, unknown> | undefined, walletId: string): string {
  const label = settings?.default_label ?? settings?.['wallet.name'];
  return typeof label === 'string' && label.trim() ? label.trim() : walletId;
}

/**
 * Takes in every tenant wallet of the agent (sandbox multitenant mode: the seeded ones): lists them and
 * mints each a token with the base wallet's key (`POST /multitenancy/wallet/{id}/token`), kept sealed in
 * the registry. Minting makes any older token of that wallet invalid (one valid token per wallet in ACA-Py).
 */
export async function adoptAgentTenants(base: AcapyClient, registry: Pick<TenantRegistry, 'adopt'>): Promise<TenantEntry[]> {
  const listed = walletList.safeParse((await base.get('/multitenancy/wallets')).body);
  if (!listed.success) throw new Error('The agent’s list of tenant wallets is not what ACA-Py sends (GET /multitenancy/wallets).');
  const adopted: TenantEntry[] = [];
  for (const wallet of listed.data.results) {
    const id = encodeURIComponent(wallet.wallet_id);
    const minted = tokenAnswer.safeParse((await base.post(`/multitenancy/wallet/${id}/token`, {})).body);
    if (!minted.success) throw new Error(`The agent gave no token for tenant wallet ${wallet.wallet_id}.`);
    const createdAt = wallet.created_at ? new Date(wallet.created_at) : new Date();
    adopted.push(
      await registry.adopt({
        walletId: wallet.wallet_id,
        label: labelOf(wallet.settings, wallet.wallet_id),
        createdAt: Number.isNaN(createdAt.getTime()) ? new Date() : createdAt,
        token: minted.data.token,
      }),
    );
  }
  return adopted;
}
