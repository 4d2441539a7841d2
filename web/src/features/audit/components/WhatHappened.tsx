import type { AuditEntry } from '@credence/shared';
import { Link } from 'react-router';
import { useT } from '../../../i18n/use-t';
import type { MessageKey } from '../../../i18n/catalogue';
import { auditSentence } from '../audit-sentence';

const roleWords: Record<string, MessageKey> = { issuer: 'role.issuer', verifier: 'role.verifier', admin: 'role.admin', operator: 'role.operator' };

/**
 * "alice (issuer) issued Student ID 1.2 to Bob Smith", in the reader's language, linked to what it was about;
 * older entries name the route. The name lists that person's entries only.
 */
export function WhatHappened({ entry, onlyTheirs }: { entry: AuditEntry; onlyTheirs: string }) {
  const t = useT();
  const sentence = entry.summary ? auditSentence(entry.summary, t) : entry.action;
  // A provider's user is that provider's, never the local user of the same name.
  const who = entry.via ? `${entry.actor} · ${t('audit.entry.via', { provider: entry.via })}` : entry.actor;
  // One box: on a phone the cell is a flex row, where each loose piece would be squeezed on its own.
  return (
    <div>
      <Link to={onlyTheirs} title={t('audit.entry.onlyTheirs', { who })}>
        <strong>{entry.actor}</strong>
      </Link>
      {entry.via && <span className="muted"> · {t('audit.entry.via', { provider: entry.via })}</span>}
      {entry.role && <span className="muted"> ({roleWords[entry.role] ? t(roleWords[entry.role]!) : entry.role})</span>}{' '}
      {entry.link ? <Link to={entry.link}>{sentence}</Link> : sentence}
      {entry.reason && (
        <div className="text-danger small">
          <span className="visually-hidden">{t('audit.entry.why')} </span>
          {entry.reason}
        </div>
      )}
      {/* The request itself (method, route, ids) is for whoever investigates: one click away. */}
      <details className="audit-request small">
        <summary>{t('audit.entry.details')}</summary>
        <div className="mono muted">
          <div>
            {entry.action} → {entry.status}
          </div>
          {Object.entries(entry.target).map(([k, v]) => (
            <div key={k}>
              {k}: {v}
            </div>
          ))}
        </div>
      </details>
    </div>
  );
}
