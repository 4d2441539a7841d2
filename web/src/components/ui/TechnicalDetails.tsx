import type { ReactNode } from 'react';
import './detail-page.css';
import { useT } from '../../i18n/use-t';
import { FieldList, RawJson } from './RecordParts';

/**
 * A record's ids and the agent's own words for it, one click away (collapsed): a clerk reads names and
 * dates above it; an administrator tracing an exchange in the agent's logs opens this.
 */
export function TechnicalDetails({ fields, raw }: { fields: [label: string, value: ReactNode, codeName?: string][]; raw: unknown }) {
  const t = useT();
  return (
    <details className="card technical-details">
      <summary>{t('record.technicalDetails')}</summary>
      <FieldList fields={fields} />
      <RawJson value={raw} />
    </details>
  );
}
