import { consoleApiRefs, type Approval } from '@credence/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog } from '../ui/Dialog';
import { callApi } from '../../lib/api-client';
import { approvalQueries, approvalWhatMessage } from '../../lib/approvals';
import { toast } from '../../lib/toast-store';
import { useFormat, useT } from '../../i18n/use-t';
import { DeclineForm } from './DeclineForm';

/**
 * Requests that wait for a second person (APPROVALS), on Needs me (and, for the operator, on Tenants): those another person asked, for this reader to approve or
 * decline with a reason; their own, to withdraw. Nothing is listed (no heading either) when there is none.
 */
export function ApprovalRequests() {
  const t = useT();
  const format = useFormat();
  const list = useQuery(approvalQueries.list());
  const queryClient = useQueryClient();
  const [declining, setDeclining] = useState<Approval | undefined>();
  const done = (message: string) => {
    void queryClient.invalidateQueries({ queryKey: approvalQueries.all() });
    toast.success(message);
  };
  const approve = useMutation({
    mutationFn: (id: string) => callApi(consoleApiRefs.approveApproval, { params: { id }, body: {} }),
    onSuccess: (answer) =>
      done(answer.state === 'failed' ? t('approvals.approvedButFailed', { reason: answer.outcome?.detail ?? '' }) : t('approvals.approved')),
  });
  const withdraw = useMutation({
    mutationFn: (id: string) => callApi(consoleApiRefs.withdrawApproval, { params: { id }, body: {} }),
    onSuccess: () => done(t('approvals.withdrawn')),
  });
  const pending = (list.data?.results ?? []).filter((a) => a.state === 'pending');
  const toDecide = pending.filter((a) => !a.mine);
  const mine = pending.filter((a) => a.mine);
  if (toDecide.length === 0 && mine.length === 0) return null;
  const words = (a: Approval) => t(...approvalWhatMessage(a.what, format.dateTime));

  return (
    <>
      {toDecide.length > 0 && (
        <section className="queue-group" aria-labelledby="queue-approvals">
          <div className="queue-group-head">
            <h2 id="queue-approvals">
              {t('approvals.toDecide.title')} <span className="count-badge">{format.number(toDecide.length)}</span>
            </h2>
          </div>
          <ol className="queue-list" aria-label={t('approvals.toDecide.title')}>
            {toDecide.map((a) => (
              <li key={a.id} className="queue-item card">
                <div>
                  <strong>{words(a)}</strong>
                  <div className="muted small">
                    {t('approvals.askedBy', { person: a.requestedBy, ago: format.timeAgo(a.requestedAt), expires: format.dateTime(a.expiresAt) })}
                  </div>
                  <Technical approval={a} />
                </div>
                <div className="queue-item-actions">
                  <button
                    type="button"
                    className="button primary"
                    disabled={approve.isPending}
                    aria-label={t('approvals.approveWhat', { what: words(a) })}
                    onClick={() => approve.mutate(a.id)}
                  >
                    {t('approvals.approve')}
                  </button>
                  <button type="button" className="button" aria-label={t('approvals.declineWhat', { what: words(a) })} onClick={() => setDeclining(a)}>
                    {t('approvals.decline')}
                  </button>
                </div>
              </li>
            ))}
          </ol>
        </section>
      )}
      {mine.length > 0 && (
        <section className="queue-group" aria-labelledby="queue-my-approvals">
          <div className="queue-group-head">
            <h2 id="queue-my-approvals">
              {t('approvals.mine.title')} <span className="count-badge">{format.number(mine.length)}</span>
            </h2>
          </div>
          <ol className="queue-list" aria-label={t('approvals.mine.title')}>
            {mine.map((a) => (
              <li key={a.id} className="queue-item card">
                <div>
                  <strong>{words(a)}</strong>
                  <div className="muted small">
                    {t('approvals.mine.waiting', { ago: format.timeAgo(a.requestedAt), expires: format.dateTime(a.expiresAt) })}
                  </div>
                  <Technical approval={a} />
                </div>
                <button
                  type="button"
                  className="button"
                  disabled={withdraw.isPending}
                  aria-label={t('approvals.withdrawWhat', { what: words(a) })}
                  onClick={() => withdraw.mutate(a.id)}
                >
                  {t('approvals.withdraw')}
                </button>
              </li>
            ))}
          </ol>
        </section>
      )}
      <Dialog open={!!declining} title={t('approvals.decline.title')} onClose={() => setDeclining(undefined)}>
        {declining && (
          <DeclineForm
            approval={declining}
            what={words(declining)}
            onDone={() => {
              setDeclining(undefined);
              done(t('approvals.declined'));
            }}
            onCancel={() => setDeclining(undefined)}
          />
        )}
      </Dialog>
    </>
  );
}

function Technical({ approval }: { approval: Approval }) {
  const t = useT();
  return (
    <details className="technical-details small">
      <summary>{t('approvals.technical')}</summary>
      <code>
        {approval.request.method} {approval.request.path}
      </code>
    </details>
  );
}
