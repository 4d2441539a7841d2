import { fieldErrorsFrom } from '@credence/shared';
import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver that validates the *request body* built from the form's values with the
 * shared schema the BFF uses, so the form and the server can never disagree. Error paths of the body
 * are the form's field paths; `renamePath` moves the few that are not (e.g. a filter-level rule).
 */
export function bodyResolver<TValues extends FieldValues, TBody>(
  schemaFor: (values: TValues) => z.ZodType<TBody>,
  toBody: (values: TValues) => unknown,
  renamePath: (path: string) => string = (p) => p,
): Resolver<TValues> {
  return (values, _context, options) => {
    const result = schemaFor(values).safeParse(toBody(values));
    if (result.success) return { values, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const { path, message } of fieldErrorsFrom(result.error)) {
      errors[renamePath(path) || 'root'] = { type: 'validation', message };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
