import { useT } from '../../i18n/use-t';
import { isApiError } from '../../lib/api';
import { problemInWords } from '../../lib/problem-words';

/** An error in place of content, with the problem's detail and a way to try again. */
export function ErrorState({ error, onRetry, title }: { error: unknown; onRetry?: () => void; title?: string }) {
  const t = useT();
  const status = isApiError(error) ? error.status : undefined;
  const reference = isApiError(error) ? error.problem.request_id : undefined;
  const heading =
    title ??
    t(status === 502 || status === 503 || status === 504 ? 'errorState.agentUnavailable' : status === 404 ? 'errorState.notFound' : 'errorState.couldNotLoad');
  return (
    <div className="state-panel state-error" role="alert">
      <h2>{heading}</h2>
      <p>{isApiError(error) ? problemInWords(error.problem) : error instanceof Error ? error.message : String(error)}</p>
      {/* The request's id: support finds its log line and audit entry with it. */}
      {reference && <p className="state-reference">{t('errors.reference', { reference })}</p>}
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          {t('errorState.retry')}
        </button>
      )}
    </div>
  );
}
