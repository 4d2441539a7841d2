import { consoleApiRefs, type ErasureAnswer } from '@credence/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Dialog } from '../../../components/ui/Dialog';
import { useT } from '../../../i18n/use-t';
import { callApi } from '../../../lib/api-client';
import { consoleConfigQueries } from '../../../lib/console-config';
import { registerKeys } from '../../../lib/query-keys';

type Selection = { connection_id: string } | { q: string };

function Counts({ answer }: { answer: ErasureAnswer }) {
  const t = useT();
  const { counts } = answer;
  return (
    <ul>
      {counts.exchanges > 0 && <li>{t('erasure.count.exchanges', { count: counts.exchanges })}</li>}
      {counts.credentials > 0 && <li>{t('erasure.count.credentials', { count: counts.credentials })}</li>}
      {counts.batch_rows > 0 && <li>{t('erasure.count.batchRows', { count: counts.batch_rows })}</li>}
      {counts.audit_entries > 0 && <li>{t('erasure.count.auditEntries', { count: counts.audit_entries })}</li>}
    </ul>
  );
}

const total = (a: ErasureAnswer) => a.counts.exchanges + a.counts.credentials + a.counts.batch_rows + a.counts.audit_entries;

/**
 * "Erase personal data…" (admins): the person the search or the holder filter finds, previewed on the server (what
 * will be erased, by kind, and the names Credence knows them by), then erased from Credence's records; the agent's
 * own records are left, with a link to remove the connection there.
 */
export function ErasePerson({ selection }: { selection: Selection | undefined }) {
  const t = useT();
  const role = useQuery(consoleConfigQueries.current()).data?.role;
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const preview = useMutation({
    meta: { showsOwnErrors: true },
    mutationFn: (body: Selection) => callApi(consoleApiRefs.erase, { body: { ...body, dry_run: true } }),
  });
  const erase = useMutation({
    meta: { showsOwnErrors: true },
    mutationFn: (body: Selection) => callApi(consoleApiRefs.erase, { body: { ...body, dry_run: false } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: registerKeys.all() }),
  });
  if (role !== 'admin' || !selection) return null;
  const close = () => {
    setOpen(false);
    preview.reset();
    erase.reset();
  };
  const shown = preview.data;
  const failed = preview.error ?? erase.error;
  const connectionId = 'connection_id' in selection ? selection.connection_id : undefined;
  return (
    <>
      <button
        type="button"
        className="button danger"
        onClick={() => {
          setOpen(true);
          preview.mutate(selection);
        }}
      >
        {t('erasure.open')}
      </button>
      <Dialog open={open} title={t('erasure.title')} onClose={close}>
        {erase.data ? (
          <p role="status">{t('erasure.done', { count: total(erase.data) })}</p>
        ) : failed ? (
          <p className="form-error" role="alert">
            {t('erasure.failed', { reason: failed.message })}
          </p>
        ) : !shown ? (
          <p aria-busy="true">{t('erasure.reading')}</p>
        ) : total(shown) === 0 ? (
          <p>{t('erasure.nothing')}</p>
        ) : (
          <>
            <p>{shown.names.length > 0 ? t('erasure.whom', { names: shown.names.join(', ') }) : t('erasure.whomUnnamed')}</p>
            <h3>{t('erasure.willErase')}</h3>
            <Counts answer={shown} />
            <h3>{t('erasure.staysHeading')}</h3>
            <p>{t('erasure.stays')}</p>
            <p>
              {t('erasure.agent')} <Link to={connectionId ? `/connections/${connectionId}` : '/connections'}>{t('erasure.agentLink')}</Link>
            </p>
          </>
        )}
        <div className="form-buttons">
          {shown && !erase.data && total(shown) > 0 && (
            <button type="button" className="button danger" disabled={erase.isPending} onClick={() => erase.mutate(selection)}>
              {erase.isPending ? t('erasure.erasing') : t('erasure.confirm')}
            </button>
          )}
          <button type="button" className="button subtle" onClick={close}>
            {erase.data ? t('common.close') : t('common.cancel')}
          </button>
        </div>
      </Dialog>
    </>
  );
}

export { ValuesErasedNote } from '../../../components/ui/ValuesErasedNote';
