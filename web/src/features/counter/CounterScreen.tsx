import { type InvitationLink, consoleApiRefs } from '@credence/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { SubmitError } from '../../components/exchange-form/SubmitError';
import { InvitationQr } from '../../components/ui/InvitationQr';
import { callApi } from '../../lib/api-client';
import { invitationFetchedKey } from '../../lib/query-keys';

/**
 * Whether a wallet fetched this exchange's invitation: set by the live event the BFF publishes on the
 * first fetch of the short URL (`event-effects.ts`). A refetch keeps what the event said.
 */
export function useFetched(exchangeId: string): boolean {
  const queryClient = useQueryClient();
  const key = invitationFetchedKey(exchangeId);
  return useQuery({ queryKey: key, queryFn: () => queryClient.getQueryData<boolean>(key) ?? false, staleTime: Infinity }).data ?? false;
}

interface CounterScreenProps {
  link: InvitationLink;
  /** "QR code of the proof request: scan it with a wallet app". */
  qrLabel: string;
  /** What is asked or offered, in a line. */
  summary: ReactNode;
  steps: readonly string[];
  /** The step under way (0-based); `steps.length` once settled. */
  step: number;
  /** The status in words, announced as it changes. */
  status: string;
  /** The result in large type, once settled; the QR code until then. */
  result?: ReactNode;
  sandbox: boolean;
  /** The sandbox's "…without the credential" button (proofs). */
  withoutCredential?: string;
  next: { label: string; busy: boolean; onClick: () => void };
  change: { label: string; onClick: () => void };
}

/** One person at the counter: the QR code of a short URL, where it stands, then the result and the next person. */
export function CounterScreen({ link, qrLabel, summary, steps, step, status, result, sandbox, withoutCredential, next, change }: CounterScreenProps) {
  const settled = result !== undefined;
  const scan = useMutation({
    mutationFn: (holds: boolean) => callApi(consoleApiRefs.sandboxWalletScan, { body: { invitation_url: link.short_url, holds_credential: holds } }),
  });
  const resultRef = useRef<HTMLDivElement>(null);
  // The result takes focus (and the eye, on a phone where it may be below the fold) when it comes.
  useEffect(() => {
    if (settled) resultRef.current?.focus();
  }, [settled]);
  return (
    <div className="counter-screen">
      <div className="counter-status">
        <p className="counter-summary">{summary}</p>
        <ol className="counter-steps" aria-label="Progress">
          {steps.map((label, i) => (
            <li key={label} className={i < step ? 'step-done' : i === step ? 'step-current' : undefined} aria-current={i === step ? 'step' : undefined}>
              <span className="step-mark" aria-hidden="true">
                {i < step ? '✓' : i + 1}
              </span>
              {label}
              {i < step && <span className="visually-hidden"> (done)</span>}
            </li>
          ))}
        </ol>
        <p className="counter-live" role="status">
          {status}
        </p>
      </div>
      <div className="counter-stage">
        {settled ? (
          <div ref={resultRef} tabIndex={-1} className="counter-result-wrap">
            {result}
          </div>
        ) : (
          <div className="counter-qr">
            <p className="counter-instruction">Scan with your wallet app</p>
            <InvitationQr url={link.short_url} label={qrLabel} size={320} />
          </div>
        )}
      </div>
      <div className="counter-actions">
        <div className="counter-buttons">
          <button type="button" className="button primary counter-next" onClick={next.onClick} disabled={next.busy}>
            {next.busy ? 'Preparing…' : next.label}
          </button>
          <button type="button" className="button subtle" onClick={change.onClick}>
            {change.label}
          </button>
        </div>
        {sandbox && !settled && (
          <div className="sandbox-panel" role="group" aria-labelledby="counter-sandbox-title">
            <p id="counter-sandbox-title" className="small">
              <strong>Sandbox:</strong> no phone needed, a simulated wallet can scan this.
            </p>
            <div className="counter-buttons">
              <button type="button" className="button" disabled={scan.isPending || scan.isSuccess} onClick={() => scan.mutate(true)}>
                Simulate a wallet scanning this
              </button>
              {withoutCredential && (
                <button type="button" className="button" disabled={scan.isPending || scan.isSuccess} onClick={() => scan.mutate(false)}>
                  {withoutCredential}
                </button>
              )}
            </div>
            <SubmitError message={scan.error?.message} />
          </div>
        )}
      </div>
    </div>
  );
}
