import { isAnoncredsWallet, walletUpgradeBodySchema, type WalletUpgradeBody } from '@credence/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ErrorState } from '../../components/ui/ErrorState';
import { FieldList, Mono } from '../../components/ui/RecordParts';
import { isApiError } from '../../lib/api';
import { bodyResolver } from '../../lib/body-resolver';
import { consoleConfigQueries } from '../../lib/console-config';
import { formatDateTime } from '../../lib/format';
import { upgradeRunning, useWalletUpgrade, walletQueries } from './queries';
import { UpgradeSummary } from './UpgradeSummary';
import { ApprovalAsked } from '../../components/approvals/ApprovalAsked';
import { useNeedsApproval } from '../../lib/approvals';
import { useT } from '../../i18n/use-t';

/** The form as a person fills it: the backup box starts unticked; the body the BFF takes needs it ticked. */
type UpgradeFormValues = Omit<WalletUpgradeBody, 'backup_confirmed'> & { backup_confirmed: boolean };
const upgradeResolver = bodyResolver<UpgradeFormValues, WalletUpgradeBody>(
  () => walletUpgradeBodySchema,
  (values) => values,
);

const progressText: Record<string, string> = {
  'in-progress': 'Upgrading: the agent answers “Upgrade in progress” meanwhile.',
  'agent-unavailable': 'The agent is not answering: it restarts after the upgrade. Waiting for it…',
  done: 'Done: the wallet is now of the anoncreds type.',
  failed: 'The upgrade failed: the wallet kept its type.',
};

export function WalletPage() {
  const wallet = useQuery(walletQueries.status());
  const queryClient = useQueryClient();
  const upgraded = wallet.data?.upgrade.state === 'done';
  // The wallet type shows in the top bar too: refresh it once the upgrade is through.
  useEffect(() => {
    if (upgraded) void queryClient.invalidateQueries({ queryKey: consoleConfigQueries.all() });
  }, [upgraded, queryClient]);
  return (
    <section aria-labelledby="wallet-title">
      <div className="page-head">
        <h1 id="wallet-title">Wallet</h1>
      </div>
      {wallet.isPending ? (
        <div className="state-panel" aria-busy="true">
          Loading…
        </div>
      ) : wallet.isError ? (
        <ErrorState error={wallet.error} onRetry={() => wallet.refetch()} />
      ) : (
        <>
          <div className="card">
            <FieldList
              fields={[
                ['Wallet name', wallet.data.name && <Mono>{wallet.data.name}</Mono>],
                ['Wallet type', wallet.data.type && <Mono>{wallet.data.type}</Mono>],
              ]}
            />
          </div>
          {wallet.data.upgrade.state !== 'idle' && (
            <div
              className={`callout ${wallet.data.upgrade.state === 'failed' ? 'callout-danger' : wallet.data.upgrade.state === 'done' ? 'callout-success' : 'callout-attention'}`}
              role="status"
              aria-label="Upgrade progress"
            >
              <strong>{progressText[wallet.data.upgrade.state]}</strong>
              {wallet.data.upgrade.since && <p className="small">Since {formatDateTime(wallet.data.upgrade.since)}.</p>}
              {wallet.data.upgrade.detail && <p>{wallet.data.upgrade.detail}</p>}
            </div>
          )}
          {upgraded && isAnoncredsWallet(wallet.data.type) && (
            <UpgradeSummary
              walletName={wallet.data.name ?? ''}
              walletType={wallet.data.type ?? ''}
              since={wallet.data.upgrade.since}
              before={wallet.data.upgrade.before ?? null}
            />
          )}
          {wallet.data.type === 'askar' && !upgradeRunning(wallet.data.upgrade.state) && <UpgradeGuard walletName={wallet.data.name ?? ''} />}
          {isAnoncredsWallet(wallet.data.type) && (
            <p className="muted">This wallet is of the anoncreds type: credentials issued with either filter are revoked through the anoncreds interface.</p>
          )}
        </>
      )}
    </section>
  );
}

/** The irreversible upgrade, behind three steps: backup taken, tested elsewhere, name typed again. */
function UpgradeGuard({ walletName }: { walletName: string }) {
  const [tested, setTested] = useState(false);
  const { register, handleSubmit, watch, formState, setError } = useForm<UpgradeFormValues>({
    resolver: upgradeResolver,
    defaultValues: { wallet_name: walletName, confirm_wallet_name: '', backup_confirmed: false },
  });
  const mutation = useWalletUpgrade((error) => setError('root', { message: isApiError(error) ? error.message : 'The upgrade could not be started' }));
  const ready = watch('backup_confirmed') === true && tested && watch('confirm_wallet_name') === walletName;
  const t = useT();
  const needsApproval = useNeedsApproval('wallet-upgrade');
  const asked = mutation.data && 'asked' in mutation.data ? mutation.data.asked : undefined;

  return (
    <section className="card" aria-labelledby="upgrade-title">
      <h2 id="upgrade-title">Upgrade to the anoncreds wallet type</h2>
      <p>
        The anoncreds filter needs a wallet of the anoncreds type. The upgrade converts this wallet in place: <strong>it cannot be undone</strong>, there is no
        downgrade. While it runs the agent answers nothing but “Upgrade in progress”; a standalone agent then restarts. Your schemas, credential definitions and
        revocation registries are converted and keep their ids; credentials issued with the indy filter stay valid and are afterwards revoked through the
        anoncreds interface. This page then says what changed.
      </p>
      {asked ? (
        <ApprovalAsked approvalId={asked} onClose={() => mutation.reset()} />
      ) : (
        <form className="upgrade-steps" noValidate onSubmit={handleSubmit((values) => mutation.mutate(walletUpgradeBodySchema.parse(values)))}>
          {formState.errors.root?.message && (
            <p className="form-error" role="alert">
              {formState.errors.root.message}
            </p>
          )}
          <ol>
            <li>
              <label className="check">
                <input type="checkbox" {...register('backup_confirmed')} /> I have backed up the wallet and its key.
              </label>
            </li>
            <li>
              <label className="check">
                <input type="checkbox" checked={tested} onChange={(e) => setTested(e.target.checked)} /> I have tested the upgrade on a copy outside production.
              </label>
            </li>
            <li>
              <div className="field">
                <label htmlFor="confirm-name">
                  Type the wallet name, <Mono>{walletName}</Mono>, to confirm
                </label>
                <input
                  id="confirm-name"
                  autoComplete="off"
                  spellCheck={false}
                  aria-invalid={!!formState.errors.confirm_wallet_name}
                  {...register('confirm_wallet_name')}
                />
                {formState.errors.confirm_wallet_name && <p className="field-error">{formState.errors.confirm_wallet_name.message}</p>}
              </div>
            </li>
          </ol>
          <input type="hidden" {...register('wallet_name')} />
          {needsApproval && <p className="muted small">{t('approvals.needed')}</p>}
          <button type="submit" className="button danger" disabled={!ready || mutation.isPending}>
            {needsApproval
              ? mutation.isPending
                ? t('approvals.asking')
                : t('approvals.ask')
              : mutation.isPending
                ? 'Starting the upgrade…'
                : 'Upgrade wallet (irreversible)'}
          </button>
        </form>
      )}
    </section>
  );
}
