import type { ReactNode } from 'react';

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
export function RawJson({ value, label = 'Raw record (JSON)' }: { value: unknown; label?: string }) {
  return (
    <details className="raw-json">
      <summary>{label}</summary>
      <pre tabIndex={0}>{JSON.stringify(value, null, 2)}</pre>
    </details>
  );
}

export function ErrorMessage({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div className="callout callout-danger" role="alert">
      <strong>The agent reported an error</strong>
      <p>{message}</p>
    </div>
  );
}

/** The spec's advised action for the record's state, unless the agent reported an error instead. */
export function NextStepCallout({ action, errorMsg }: { action: { label: string; advice: string } | undefined; errorMsg: string | null | undefined }) {
  if (!action || errorMsg) return null;
  return (
    <p className="callout callout-attention">
      <strong>Next step: {action.label}.</strong> {action.advice}
    </p>
  );
}

/** "yes / no / yes" for a record's automation flags. */
export const yesNo = (...flags: (boolean | null | undefined)[]) => flags.map((v) => (v ? 'yes' : 'no')).join(' / ');

export function Mono({ children }: { children: ReactNode }) {
  return <span className="mono">{children}</span>;
}
