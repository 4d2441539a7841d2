import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { translate } from '../../i18n/active-intl';
import type { MessageKey } from '../../i18n/catalogue';
import { useT } from '../../i18n/use-t';
import { toast } from '../../lib/toast-store';
import { clearAgentTrouble, useAgentTrouble, type AgentTrouble } from '../../lib/agent-status';
import { fetchConsoleConfig } from '../../lib/console-config';

const PROBE_EVERY_MS = 3_000;

const explanation: Record<AgentTrouble['status'], MessageKey> = {
  502: 'agentBanner.unreachable',
  503: 'agentBanner.notAccepting',
  504: 'agentBanner.tooSlow',
};

/**
 * Shown above every page while the agent is unavailable. It probes with a call that goes all the
 * way to the agent (a health check says "ready" even while the agent refuses everything else during a
 * wallet upgrade), and once one gets through it goes away and everything on screen is fetched again.
 */
export function AgentUnavailableBanner() {
  const t = useT();
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
    toast.success(translate('agentBanner.recovered'));
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'agent-probe' });
  }, [recovered, queryClient]);

  if (trouble === null) return null;
  if (trouble.kind === 'access-refused')
    return (
      <div className="agent-banner" role="alert">
        <div>
          <strong>{t('agentBanner.disconnected')}</strong> {t('agentBanner.disconnectedWhy')}
          <div className="muted">{t('agentBanner.askOperator')}</div>
        </div>
        <button type="button" className="button subtle" onClick={() => void probe.refetch()} disabled={probe.isFetching}>
          {probe.isFetching ? t('agentBanner.checking') : t('agentBanner.checkNow')}
        </button>
      </div>
    );
  return (
    <div className="agent-banner" role="alert">
      <div>
        <strong>{t('agentBanner.unavailable')}</strong> {t(explanation[trouble.status])}{' '}
        {trouble.detail && <span className="agent-banner-detail">({trouble.detail})</span>}
        <div className="muted">{t('agentBanner.nothingLost')}</div>
      </div>
      <button type="button" className="button subtle" onClick={() => void probe.refetch()} disabled={probe.isFetching}>
        {probe.isFetching ? t('agentBanner.checking') : t('agentBanner.checkNow')}
      </button>
    </div>
  );
}
