import { consoleApiRefs, retentionDaysSchema } from '@credence/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Dialog } from '../../../components/ui/Dialog';
import { useT } from '../../../i18n/use-t';
import { callApi } from '../../../lib/api-client';
import { privacyQueries } from '../../../lib/privacy-settings';

/** How long this definition's personal values are kept, in words: its own period, else the console's, else "until erased". */
function usePeriod(credDefId: string) {
  const settings = useQuery(privacyQueries.settings()).data;
  const own = settings?.overrides.find((o) => o.cred_def_id === credDefId)?.days;
  return { settings, own, inForce: own ?? settings?.register_retention_days ?? null };
}

/** An admin's retention period for one credential definition (decision 039): shorter or longer than REGISTER_RETENTION_DAYS. */
export function RetentionPeriod({ credDefId, name }: { credDefId: string; name: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  const inputId = useId();
  const { settings, own, inForce } = usePeriod(credDefId);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const save = useMutation({
    meta: { showsOwnErrors: true },
    mutationFn: (days: number | null) => callApi(consoleApiRefs.setRetentionOverride, { body: { cred_def_id: credDefId, days } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: privacyQueries.all() });
      setOpen(false);
    },
  });
  if (!settings) return null;
  const submit = () => {
    const parsed = retentionDaysSchema.safeParse(Number(typed));
    if (typed.trim() === '' || !parsed.success) return setError(t('retention.invalid'));
    setError(undefined);
    save.mutate(parsed.data);
  };
  return (
    <>
      <span className="muted small">{inForce === null ? t('retention.keptUntilErased') : t('retention.keptDays', { days: inForce })}</span>
      <button
        type="button"
        className="button"
        aria-label={t('retention.openFor', { name })}
        onClick={() => {
          setTyped(own === undefined ? '' : String(own));
          setError(undefined);
          save.reset();
          setOpen(true);
        }}
      >
        {t('retention.open')}
      </button>
      <Dialog open={open} title={t('retention.title', { name })} onClose={() => setOpen(false)}>
        <p>{settings.register_retention_days === null ? t('retention.defaultNone') : t('retention.defaultDays', { days: settings.register_retention_days })}</p>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <div className="field">
            <label htmlFor={inputId}>{t('retention.days')}</label>
            <input
              id={inputId}
              type="number"
              inputMode="numeric"
              min={1}
              value={typed}
              aria-invalid={error !== undefined}
              aria-describedby={error ? `${inputId}-error` : undefined}
              onChange={(e) => setTyped(e.target.value)}
            />
            {error && (
              <p id={`${inputId}-error`} className="field-error" role="alert">
                {error}
              </p>
            )}
          </div>
          {save.error && (
            <p className="form-error" role="alert">
              {t('retention.failed', { reason: save.error.message })}
            </p>
          )}
          <div className="form-buttons">
            <button type="submit" className="button primary" disabled={save.isPending}>
              {t('retention.save')}
            </button>
            {own !== undefined && (
              <button type="button" className="button" disabled={save.isPending} onClick={() => save.mutate(null)}>
                {t('retention.useDefault')}
              </button>
            )}
            <button type="button" className="button subtle" onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
