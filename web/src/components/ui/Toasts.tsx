import { Link } from 'react-router';
import { dismiss, useToasts } from '../../lib/toast-store';

/** Announces toasts politely (errors assertively) and lets them be dismissed by keyboard. */
export function Toasts() {
  const toasts = useToasts();
  return (
    <div className="toasts">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          <span>
            {t.message}
            {t.action && (
              <>
                {' '}
                <Link to={t.action.href} onClick={() => dismiss(t.id)} className="toast-action">
                  {t.action.label}
                </Link>
              </>
            )}
          </span>
          <button type="button" className="icon-button" aria-label="Dismiss" onClick={() => dismiss(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
