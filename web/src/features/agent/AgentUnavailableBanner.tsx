import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '../../lib/toast-store';
import { clearAgentTrouble, useAgentTrouble, type AgentTrouble } from '../../lib/agent-status';
import { fetchConsoleConfig } from '../../lib/console-config';

const PROBE_EVERY_MS = 3_000;

const explanation: Record<AgentTrouble['status'], string> = {
  502: 'The console cannot reach the agent.',
  503: 'The agent is not accepting requests right now.',
  504: 'The agent is not answering in time.',
};

/**
 * Shown above every page while the agent is unavailable. It probes with a call that goes all the
 * way to the agent (a health check says "ready" even while the agent refuses everything else during a
 * wallet upgrade), and once one gets through it goes away and everything on screen is fetched again.
 */
export function AgentUnavailableBanner() {
  const trouble = useAgentTrouble();
  const queryClient = useQueryClient();
  const probe = useQuery({
    queryKey: ['agent-probe'],
    queryFn: fetchConsoleConfig,
    enabled: trouble !== null,
    refetchInterval: PROBE_EVERY_MS,
    refetchIntervalInBackground: true,
    retry: false,
    gcTime: 0,
    staleTime: 0,
  });
  const recovered = trouble !== null && probe.isSuccess && probe.dataUpdatedAt > trouble.since;

  useEffect(() => {
    if (!recovered) return;
    clearAgentTrouble();
    toast.success('The agent is available again.');
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'agent-probe' });
  }, [recovered, queryClient]);

  if (trouble === null) return null;
  if (trouble.kind === 'access-refused')
    return (
      <div className="agent-banner" role="alert">
        <div>
          <strong>Your organisation is disconnected from the agent.</strong> The agent no longer accepts Credence’s access key for your organisation’s wallet:
          someone issued a new key for it outside Credence. Nothing you entered is lost.
          <div className="muted">Ask your Credence operator to reconnect your organisation (Tenants → Reconnect). This page refreshes once it is.</div>
        </div>
        <button type="button" className="button subtle" onClick={() => void probe.refetch()} disabled={probe.isFetching}>
          {probe.isFetching ? 'Checking…' : 'Check now'}
        </button>
      </div>
    );
  return (
    <div className="agent-banner" role="alert">
      <div>
        <strong>Agent unavailable.</strong> {explanation[trouble.status]} {trouble.detail && <span className="agent-banner-detail">({trouble.detail})</span>}
        <div className="muted">Nothing you entered is lost. The console checks again every few seconds and refreshes this page when the agent is back.</div>
      </div>
      <button type="button" className="button subtle" onClick={() => void probe.refetch()} disabled={probe.isFetching}>
        {probe.isFetching ? 'Checking…' : 'Check now'}
      </button>
    </div>
  );
}
