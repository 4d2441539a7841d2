import { useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * Once a submit has shown errors, re-check the whole form on every change, so errors that belong to
 * a group (a list's rule, a pair of fields) clear as soon as the person fixes any field involved.
 */
export function useRevalidateAll<T extends FieldValues>(form: UseFormReturn<T>, values: unknown): void {
  const { isSubmitted } = form.formState;
  const { trigger } = form;
  useEffect(() => {
    if (isSubmitted) void trigger();
  }, [isSubmitted, trigger, values]);
}
