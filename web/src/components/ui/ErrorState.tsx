import { isApiError } from '../../lib/api';

/** An error in place of content, with the problem's detail and a way to try again. */
export function ErrorState({ error, onRetry, title }: { error: unknown; onRetry?: () => void; title?: string }) {
  const status = isApiError(error) ? error.status : undefined;
  const heading =
    title ?? (status === 502 || status === 503 || status === 504 ? 'The agent is unavailable' : status === 404 ? 'Not found' : 'Could not load this');
  return (
    <div className="state-panel state-error" role="alert">
      <h2>{heading}</h2>
      <p>{error instanceof Error ? error.message : String(error)}</p>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
