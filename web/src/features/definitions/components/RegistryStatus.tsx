import { isAnoncredsWallet } from '@credence/shared';
import { useQuery } from '@tanstack/react-query';
import { registryProgress, setupPhase } from '../definition-forms';
import { schemaQueries } from '../queries';

/**
 * A definition's revocation registries, followed live: on an askar wallet each `revocation_registry`
 * webhook refreshes them; the anoncreds interface sends none, so they are read again every second
 * until one is ready.
 */
export function RegistryStatus({ walletType, credDefId, revocable }: { walletType: string | null; credDefId: string; revocable: boolean }) {
  const registries = useQuery({
    ...schemaQueries.registries(walletType, credDefId),
    enabled: revocable,
    refetchInterval: (query) => (setupPhase(true, query.state.data, walletType) === 'ready' ? false : isAnoncredsWallet(walletType) ? 1000 : 5000),
  });
  if (!revocable) return <span className="muted">Not revocable</span>;
  const phase = setupPhase(true, registries.data, walletType);
  if (phase === 'ready') {
    const size = registries.data?.find((r) => r.size !== undefined)?.size;
    return <span className="badge badge-success">Ready{size !== undefined ? ` · ${size.toLocaleString('en')} per registry` : ''}</span>;
  }
  return (
    <span className="badge badge-attention badge-wraps" aria-busy="true">
      {registryProgress(registries.data, walletType)}
    </span>
  );
}
