import type { AuditVerify } from '@credence/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { auditQueries } from '../queries';

const count = (n: number) => n.toLocaleString('en');

const whatHappened: Record<NonNullable<AuditVerify['first_broken']>['reason'], string> = {
  changed: 'was changed after it was written',
  missing: 'was removed after it was written',
  reordered: 'was moved out of its place after it was written',
};

/** "All 1,234 entries are intact", or which entry is not, in words. */
export function logCheckSentence(result: AuditVerify): string {
  if (result.ok) {
    const erased = result.erased > 0 ? ` (${count(result.erased)} with their personal details erased, as allowed)` : '';
    if (result.entries === 0) return 'The log is empty: there is nothing to check yet.';
    return result.entries === 1 ? `The one entry is intact${erased}.` : `All ${count(result.entries)} entries are intact${erased}.`;
  }
  const broken = result.first_broken!;
  const made = broken.at ? ` (made on ${formatDateTime(broken.at)} by ${broken.actor ?? 'someone'})` : '';
  return `Entry ${count(broken.seq - result.first_seq + 1)} of ${count(result.entries)}${made} ${whatHappened[broken.reason]}.`;
}

/**
 * "Check the log": asks the server whether every entry is still as it was written (each is chained to the one
 * before it), and says so in words; the entry's number and id are one click away.
 */
export function LogCheck() {
  const [asked, setAsked] = useState(false);
  const check = useQuery({ ...auditQueries.verify(), enabled: asked });
  const result = check.data;
  return (
    <div className="log-check">
      <button
        type="button"
        className="button"
        disabled={check.isFetching}
        onClick={() => (asked ? void check.refetch() : setAsked(true))}
        aria-describedby="log-check-hint"
      >
        {check.isFetching ? 'Checking…' : 'Check the log'}
      </button>
      <small id="log-check-hint" className="muted">
        Whether any entry was changed, removed or moved since it was written.
      </small>
      <div role="status" aria-live="polite">
        {check.isError && <p className="text-danger">The log could not be checked: {check.error.message}</p>}
        {result && !check.isFetching && (
          <div className={result.ok ? 'log-check-ok' : 'log-check-broken'}>
            <p>
              <span className={`badge ${result.ok ? 'badge-success' : 'badge-danger'}`}>{result.ok ? 'Intact' : 'Tampered with'}</span>
              <span className="visually-hidden">:</span> {logCheckSentence(result)}
            </p>
            {result.first_broken && (
              <details className="small">
                <summary>Technical details</summary>
                <div className="mono muted">
                  <div>entry number: {result.first_broken.seq}</div>
                  {result.first_broken.id && <div>id: {result.first_broken.id}</div>}
                  <div>found: {result.first_broken.reason}</div>
                  <div>
                    entries checked: {result.entries} (numbers {result.first_seq} to {result.first_seq + result.entries - 1})
                  </div>
                </div>
              </details>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
