import type { PresExRecord } from '@credence/shared';
import { SILENT_FAILURE, verificationNotes } from '../verification-messages';

function Notes({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <ul className="plain">
      {verificationNotes(messages).map((note) => (
        <li key={note.code}>
          {/* The agent's code is under Technical details. */}
          {note.text}
        </li>
      ))}
    </ul>
  );
}

/** Pass, fail (with the agent's messages in words) or pending, said plainly. */
export function VerificationResult({ record }: { record: PresExRecord }) {
  if (record.role !== 'verifier') return null;
  const messages = Array.isArray(record.verified_msgs) ? (record.verified_msgs as unknown[]).map(String) : [];
  if (record.verified === true) {
    return (
      <div className="callout callout-success" role="status">
        <strong>Verified.</strong> The presentation is valid and answers the request.
        <Notes messages={messages} />
      </div>
    );
  }
  if (record.verified === false) {
    return (
      <div className="callout callout-danger" role="status">
        <strong>Verification failed.</strong>
        {messages.length > 0 ? <Notes messages={messages} /> : <p>{SILENT_FAILURE}</p>}
      </div>
    );
  }
  return (
    <div className="callout" role="status">
      <strong>Not verified yet.</strong>{' '}
      {record.state === 'presentation-received'
        ? 'The presentation has arrived: its values are claimed, not yet verified. Verify it before relying on them.'
        : 'Waiting for the presentation.'}
    </div>
  );
}
