import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { translate } from '../i18n/active-intl';
import { isApiError } from './api';
import { fieldErrorInWords } from './problem-words';

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
    const words = fieldErrorInWords(fieldError);
    if (path) setError(path as Path<T>, { type: 'server', message: words });
    else unplaced.push(words);
  }
  if (unplaced.length > 0) setError('root', { type: 'server', message: unplaced.join(' ') });
}
