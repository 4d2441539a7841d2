import type { AcapyClient } from './client.js';
import { ProblemError } from '../problem.js';

export interface AgentWallet {
  name: string | null;
  type: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * The agent's wallet name and type. ACA-Py's `GET /settings` names only the type (settings/routes.py
 * keeps `wallet.type` and the lifecycle flags); the name is in `GET /status/config`, an admin route
 * that a multitenant agent keeps from tenants (401/403): then the name stays unknown. A `wallet.name`
 * in `/settings` (as the spec describes it) is read when present.
 */
export async function readAgentWallet(client: AcapyClient, timeoutMs?: number): Promise<AgentWallet> {
  const options = timeoutMs === undefined ? {} : { timeoutMs };
  const settings = ((await client.get('/settings', options)).body ?? {}) as Record<string, unknown>;
  let name = text(settings['wallet.name']);
  let type = text(settings['wallet.type']);
  if (name === null) {
    try {
      const config = (((await client.get('/status/config', options)).body ?? {}) as { config?: Record<string, unknown> }).config ?? {};
      name = text(config['wallet.name']);
      type ??= text(config['wallet.type']);
    } catch (error) {
      const refused = error instanceof ProblemError && ([401, 403, 404].includes(error.problem.status) || error.problem.title === 'Agent refused the console');
      if (!refused) throw error;
    }
  }
  return { name, type };
}
