import { consoleApiRefs } from '@credence/shared';
import { useState } from 'react';
import { urlFor } from '../../../lib/api-client';
import { datesAreCrossed } from '../../../lib/format';
import { inMyTimeZone } from '../../../lib/time-zone';
import { dayEnd, dayStart } from '../date-presets';
import './log-keeping.css';

type Format = 'csv' | 'jsonl';

/**
 * A period of the log as a file, oldest first, each entry with its number and hash so the file can be checked
 * against the log later: CSV for a spreadsheet, JSON Lines for a program. The days are the clerk's own.
 */
export function ExportPeriod() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [format, setFormat] = useState<Format>('csv');
  const crossed = datesAreCrossed(from || undefined, to || undefined);
  const href = inMyTimeZone(urlFor(consoleApiRefs.auditRangeExport, { query: { from: dayStart(from || undefined), to: dayEnd(to || undefined), format } }));
  return (
    <form className="filters export-period" aria-labelledby="export-period-title" onSubmit={(e) => e.preventDefault()}>
      <h2 id="export-period-title">Export a period</h2>
      <div className="field">
        <label htmlFor="export-from">Export from</label>
        <input id="export-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="export-to">Export until</label>
        <input
          id="export-to"
          type="date"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          aria-invalid={crossed || undefined}
          aria-describedby={crossed ? 'export-dates-crossed' : undefined}
        />
      </div>
      <div className="field">
        <label htmlFor="export-format">File</label>
        <select id="export-format" value={format} onChange={(e) => setFormat(e.target.value as Format)}>
          <option value="csv">CSV, for a spreadsheet</option>
          <option value="jsonl">JSON Lines, for a program</option>
        </select>
      </div>
      <div className="field">
        {crossed ? (
          <p id="export-dates-crossed" className="field-error" role="alert">
            “Export from” is after “Export until”.
          </p>
        ) : (
          <a className="button" href={href} download>
            Download the period
          </a>
        )}
      </div>
    </form>
  );
}
