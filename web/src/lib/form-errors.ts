import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ApiError } from './api';

/**
 * Puts the field errors of a 400 problem back on the form's fields (`body.username` → `username`);
 * what matches no field goes to the form's root error.
 */
export function applyServerErrors<T extends FieldValues>(error: ApiError, setError: UseFormSetError<T>): void {
  const unplaced: string[] = [];
  for (const fieldError of error.fieldErrors) {
    const path = fieldError.path.replace(/^body\.?/, '');
    if (path) setError(path as Path<T>, { type: 'server', message: fieldError.message });
    else unplaced.push(fieldError.message);
  }
  if (unplaced.length > 0 || error.fieldErrors.length === 0) {
    setError('root', { type: 'server', message: unplaced.join(' ') || error.message });
  }
}
