import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { translate } from '../i18n/active-intl';
import { isApiError } from './api';

/**
 * Puts a failed submit's answer back on the form: each field error of a 400 problem on its field
 * (`body.username` → `username`, then `renamePath` for forms whose fields differ from the body), and
 * everything else — an agent's refusal, an unplaced error — on the form's root error.
 */
export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, renamePath: (path: string) => string = (p) => p): void {
  const message = error instanceof Error ? error.message : translate('common.requestFailed');
  if (!isApiError(error, 400) || error.fieldErrors.length === 0) {
    setError('root', { type: 'server', message });
    return;
  }
  const unplaced: string[] = [];
  for (const fieldError of error.fieldErrors) {
    const path = renamePath(fieldError.path.replace(/^body\.?/, ''));
    if (path) setError(path as Path<T>, { type: 'server', message: fieldError.message });
    else unplaced.push(fieldError.message);
  }
  if (unplaced.length > 0) setError('root', { type: 'server', message: unplaced.join(' ') });
}
