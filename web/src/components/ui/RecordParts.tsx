import type { ReactNode } from 'react';
import { translate } from '../../i18n/active-intl';
import { useT } from '../../i18n/use-t';
import { advisedActionAdvice, advisedActionLabel } from '../../lib/advised-action-words';

/** A definition list of a record's fields, each named in plain words (the agent's name as a hint); empty values show a dash. */
export function FieldList({ fields }: { fields: [label: string, value: ReactNode, codeName?: string][] }) {
  return (
    <dl className="field-list">
      {fields.map(([label, value, codeName]) => (
        <div key={label}>
          <dt>
            {label}
            {codeName && <span className="muted mono small code-hint">{codeName}</span>}
          </dt>
          <dd>{value === undefined || value === null || value === '' ? <span className="muted">—</span> : value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The record as the agent sent it, for experts; collapsed by default. */
export function RawJson({ value, label }: { value: unknown; label?: string }) {
  const t = useT();
  return (
    <details className="raw-json">
      <summary>{label ?? t('record.rawJson')}</summary>
      <pre tabIndex={0}>{JSON.stringify(value, null, 2)}</pre>
    </details>
  );
}

export function ErrorMessage({ message }: { message: string | null | undefined }) {
  const t = useT();
  if (!message) return null;
  return (
    <div className="callout callout-danger" role="alert">
      <strong>{t('record.agentError')}</strong>
      <p>{message}</p>
    </div>
  );
}

/** The spec's advised action for the record's state, unless the agent reported an error instead. */
export function NextStepCallout({ kind, state, errorMsg }: { kind: 'credential' | 'presentation'; state: string; errorMsg: string | null | undefined }) {
  const t = useT();
  const label = advisedActionLabel(kind, state);
  const advice = advisedActionAdvice(kind, state);
  if (!label || errorMsg) return null;
  return (
    <p className="callout callout-attention">
      <strong>{t('record.nextStep', { action: t(label) })}</strong> {advice && t(advice)}
    </p>
  );
}

/** "yes / no / yes" for a record's automation flags. */
export const yesNo = (...flags: (boolean | null | undefined)[]) => flags.map((v) => translate(v ? 'record.yes' : 'record.no')).join(' / ');

export function Mono({ children }: { children: ReactNode }) {
  return <span className="mono">{children}</span>;
}
