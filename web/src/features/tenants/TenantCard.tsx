import { consoleApiRefs, tenantExports, type EventsReach, type TenantSummary } from '@credence/shared';
import { useState, type ReactNode } from 'react';
import { FieldList, Mono } from '../../components/ui/RecordParts';
import { urlFor } from '../../lib/api-client';
import { formatDateTime, timeAgo } from '../../lib/format';
import { browserTimeZone } from '../../lib/time-zone';
import { AdoptTenantDialog } from './AdoptTenantDialog';
import { RemoveTenantDialog } from './RemoveTenantDialog';
import { ACCESS_WORDS, DISPATCH_WORDS, eventsWarning, isDeprecatedType, walletTypeInWords } from './tenant-words';

const EXPORT_WORDS: Record<(typeof tenantExports)[number], string> = {
  audit: 'Audit log',
  'credential-exchanges': 'Credential exchanges',
  'presentation-exchanges': 'Presentation exchanges',
  'issued-credentials': 'Issued credentials',
};

const when = (iso: string | null, none: string) =>
  iso ? (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {timeAgo(iso)}
    </time>
  ) : (
    none
  );

/** One organisation: its name, wallet type, connection and activity; its acts; the ids under "Technical details". */
export function TenantCard({ tenant, webhookUrl, baseReach }: { tenant: TenantSummary; webhookUrl: string; baseReach: EventsReach }) {
  const [acting, setActing] = useState<'adopt' | 'remove' | null>(null);
  const removed = tenant.access === 'removed';
  const warning = eventsWarning(tenant, webhookUrl, baseReach);
  const headingId = `tenant-${tenant.walletId}`;
  return (
    <li className="card tenant-card" aria-labelledby={headingId}>
      <div className="tenant-head">
        <h2 id={headingId}>{tenant.label}</h2>
        <span className={`badge ${removed ? 'badge-muted' : tenant.access === 'adopted' ? 'badge-success' : 'badge-attention'}`}>
          {ACCESS_WORDS[tenant.access]}
        </span>
      </div>
      <FieldList
        fields={[
          ...(removed
            ? []
            : [
                [
                  'Wallet type',
                  <>
                    {walletTypeInWords(tenant.walletType)}
                    {isDeprecatedType(tenant.walletType) && <span className="badge badge-attention tenant-deprecated">deprecated</span>}
                  </>,
                ] as [string, ReactNode],
              ]),
          ['Created', when(tenant.createdAt, 'Not known')],
          ['Credence users', String(tenant.users)],
          ['Last activity', when(tenant.lastActivity, 'None yet')],
          ...(removed ? [['Removed', when(tenant.removedAt, '')] as [string, ReactNode]] : []),
        ]}
      />
      {warning && (
        <p className="callout callout-attention" role="note">
          <strong>Credence does not receive this organisation’s events.</strong> {warning}
        </p>
      )}
      <div className="tenant-actions">
        {tenant.access === 'refused' || tenant.access === 'not-adopted' ? (
          <button type="button" className="button" onClick={() => setActing('adopt')}>
            {tenant.access === 'refused' ? 'Reconnect…' : 'Adopt…'}
          </button>
        ) : null}
        <button type="button" className="button danger" onClick={() => setActing('remove')}>
          {removed ? 'Erase its records…' : 'Remove…'}
        </button>
        {removed &&
          tenantExports.map((records) => (
            <a
              key={records}
              className="button subtle"
              href={urlFor(consoleApiRefs.tenantExport, { params: { walletId: tenant.walletId, records }, query: { tz: browserTimeZone() } })}
              download
            >
              {EXPORT_WORDS[records]} (CSV)
            </a>
          ))}
      </div>
      <details className="technical-details">
        <summary>Technical details</summary>
        <FieldList
          fields={[
            ['Wallet id', <Mono key="id">{tenant.walletId}</Mono>, 'wallet_id'],
            ['Wallet type', tenant.walletType && <Mono>{tenant.walletType}</Mono>, 'wallet.type'],
            ['Events sent', tenant.dispatch ? `${DISPATCH_WORDS[tenant.dispatch]} (${tenant.dispatch})` : undefined, 'wallet.dispatch_type'],
            [
              'Its webhook addresses',
              tenant.webhookUrls.length > 0 ? tenant.webhookUrls.map((u) => <Mono key={u}>{u}</Mono>) : undefined,
              'wallet.webhook_urls',
            ],
          ]}
        />
      </details>
      {acting === 'adopt' && <AdoptTenantDialog tenant={tenant} onClose={() => setActing(null)} />}
      {acting === 'remove' && <RemoveTenantDialog tenant={tenant} onClose={() => setActing(null)} />}
    </li>
  );
}
