import type { ReactNode } from 'react';

/** A definition list of a record's fields; empty values show a dash. */
export function FieldList({ fields }: { fields: [string, ReactNode][] }) {
  return (
    <dl className="field-list">
      {fields.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
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

export function Mono({ children }: { children: ReactNode }) {
  return <span className="mono">{children}</span>;
}
