import type { PresExRecord } from '@credence/shared';

/** Pass, fail (with the agent's messages) or pending, said plainly. */
export function VerificationResult({ record }: { record: PresExRecord }) {
  if (record.role !== 'verifier') return null;
  const messages = Array.isArray(record.verified_msgs) ? (record.verified_msgs as unknown[]).map(String) : [];
  if (record.verified === true) {
    return (
      <div className="callout callout-success" role="status">
        <strong>Verified.</strong> The presentation is valid and answers the request.
      </div>
    );
  }
  if (record.verified === false) {
    return (
      <div className="callout callout-danger" role="status">
        <strong>Verification failed.</strong>
        {messages.length > 0 && (
          <ul className="plain">
            {messages.map((m) => (
              <li key={m} className="mono">
                {m}
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  }
  return (
    <div className="callout" role="status">
      <strong>Not verified yet.</strong> {record.state === 'presentation-received' ? 'The presentation has arrived: verify it.' : 'Waiting for the presentation.'}
    </div>
  );
}
