import { consoleApiRefs } from '@credence/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { SubmitError } from '../../components/exchange-form/SubmitError';
import { useT } from '../../i18n/use-t';
import { callApi } from '../../lib/api-client';
import { consoleConfigQueries } from '../../lib/console-config';

/**
 * On the sandbox agent, a button that makes its simulated wallet scan the invitation, so a clerk can
 * follow it to "connected" without a phone; nothing against a real agent. A multi-use invitation can
 * be scanned again (each scan is another holder); a single-use one once.
 */
export function SimulateScan({ invitationUrl, multiUse }: { invitationUrl: string; multiUse: boolean }) {
  const t = useT();
  const config = useQuery(consoleConfigQueries.current()).data;
  const scan = useMutation({
    mutationFn: () => callApi(consoleApiRefs.sandboxWalletScan, { body: { invitation_url: invitationUrl } }),
  });
  if (config?.mode !== 'sandbox' || !invitationUrl) return null;
  const used = scan.isSuccess && !multiUse;
  return (
    <div className="sandbox-panel simulate-scan" role="group" aria-labelledby="simulate-scan-title">
      <p id="simulate-scan-title" className="small">
        <strong>{t('simulateScan.label')}</strong> {t('simulateScan.body')}
      </p>
      <button type="button" className="button" disabled={scan.isPending || used} onClick={() => scan.mutate()}>
        {scan.isPending ? t('simulateScan.scanning') : scan.isSuccess && multiUse ? t('simulateScan.another') : t('simulateScan.scan')}
      </button>
      <SubmitError message={scan.error?.message} />
    </div>
  );
}
