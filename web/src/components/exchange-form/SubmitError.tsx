import { useEffect, useRef } from 'react';
import { plainRefusal } from '../../lib/agent-refusal';

/**
 * A refused submit, beside the submit button: plain words first, the agent's text as detail. It takes
 * focus when it appears, so a keyboard or screen-reader user is taken to it.
 */
export function SubmitError({ message, status }: { message: string | undefined; status?: number | undefined }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  if (!message) return null;
  const refusal = plainRefusal(message, status);
  return (
    <div className="form-error submit-error" role="alert" tabIndex={-1} ref={ref}>
      <strong>{refusal.summary}</strong>
      {refusal.detail && refusal.detail !== refusal.summary && <span className="submit-error-detail">{refusal.detail}</span>}
    </div>
  );
}
