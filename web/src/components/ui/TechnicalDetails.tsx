import type { ReactNode } from 'react';
import './detail-page.css';
import { FieldList, RawJson } from './RecordParts';

/**
 * A record's ids and the agent's own words for it, one click away (collapsed): a clerk reads names and
 * dates above it; an administrator tracing an exchange in the agent's logs opens this.
 */
export function TechnicalDetails({ fields, raw }: { fields: [label: string, value: ReactNode, codeName?: string][]; raw: unknown }) {
  return (
    <details className="card technical-details">
      <summary>Technical details</summary>
      <FieldList fields={fields} />
      <RawJson value={raw} />
    </details>
  );
}
