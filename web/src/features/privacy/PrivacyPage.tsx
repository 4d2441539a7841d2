import type { PrivacySettings } from '@credence/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorState } from '../../components/ui/ErrorState';
import { useFormat, useRichT, useT } from '../../i18n/use-t';
import { privacyQueries } from '../../lib/privacy-settings';

/** A definition's id as a clerk reads it: its tag (the name its issuer gave), the full id one hover away. */
const definitionName = (credDefId: string) => credDefId.split(':').at(-1) || credDefId;

function Periods({ settings }: { settings: PrivacySettings }) {
  const t = useT();
  const format = useFormat();
  const days = settings.register_retention_days;
  return (
    <section className="card" aria-labelledby="privacy-periods">
      <h2 id="privacy-periods">{t('privacy.periods.heading')}</h2>
      <p>{days === null ? t('privacy.periods.registerKept') : t('privacy.periods.registerDays', { days })}</p>
      <p>{settings.audit_retention_days === 0 ? t('privacy.periods.auditKept') : t('privacy.periods.auditDays', { days: settings.audit_retention_days })}</p>
      <h3>{t('privacy.overrides.heading')}</h3>
      {settings.overrides.length === 0 ? (
        <p className="muted">{t('privacy.overrides.none')}</p>
      ) : (
        <ul>
          {settings.overrides.map((o) => (
            <li key={o.cred_def_id} title={o.cred_def_id}>
              {t('privacy.overrides.item', { credential: definitionName(o.cred_def_id), days: o.days, by: o.updated_by, date: format.dateTime(o.updated_at) })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** `/privacy` (admins): what Credence keeps about people, for how long, where, and the settings in force, in words. */
export function PrivacyPage() {
  const t = useT();
  const tRich = useRichT();
  const settings = useQuery(privacyQueries.settings());
  return (
    <section aria-labelledby="privacy-title">
      <div className="page-head">
        <h1 id="privacy-title">{t('privacy.title')}</h1>
        <p className="muted">{t('privacy.intro')}</p>
      </div>
      {settings.isError ? (
        <ErrorState error={settings.error} onRetry={() => settings.refetch()} />
      ) : !settings.data ? (
        <p aria-busy="true">{t('privacy.loading')}</p>
      ) : (
        <>
          <section className="card" aria-labelledby="privacy-kept">
            <h2 id="privacy-kept">{t('privacy.kept.heading')}</h2>
            <ul>
              <li>{t('privacy.kept.register')}</li>
              <li>{t('privacy.kept.batches')}</li>
              <li>{t('privacy.kept.audit')}</li>
            </ul>
          </section>
          <Periods settings={settings.data} />
          <section className="card" aria-labelledby="privacy-where">
            <h2 id="privacy-where">{t('privacy.where.heading')}</h2>
            <p>{settings.data.store.kind === 'postgres' ? t('privacy.where.postgres') : t('privacy.where.pglite')}</p>
            <details className="technical-details">
              <summary>{t('privacy.technical')}</summary>
              <p className="mono wraps">{settings.data.store.where}</p>
            </details>
          </section>
          <section className="card" aria-labelledby="privacy-erase">
            <h2 id="privacy-erase">{t('privacy.erase.heading')}</h2>
            <p>{tRich('privacy.erase.how', { issued: <Link to="/issued">{t('privacy.erase.issuedLink')}</Link> })}</p>
          </section>
        </>
      )}
    </section>
  );
}
