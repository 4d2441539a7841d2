import { z } from 'zod';

/** RFC 9457 problem details, the one error shape the BFF answers with. */
export const problemFieldErrorSchema = z.object({
  path: z.string(),
  message: z.string(),
});

export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  errors: z.array(problemFieldErrorSchema).optional(),
});

export type ProblemFieldError = z.infer<typeof problemFieldErrorSchema>;
export type Problem = z.infer<typeof problemSchema>;

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** Turns a failed zod parse into the `errors` list of a problem, with `location` prefixed (query, body, path). */
export function fieldErrorsFrom(error: Pick<z.core.$ZodError, "issues">, location?: string): ProblemFieldError[] {
  return error.issues.map((issue) => {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
    const base = [location, ...issue.path.map(String)].filter(Boolean).join('.');
    if (keys.length > 0) {
      return {
        path: keys.map((k) => (base ? `${base}.${k}` : k)).join(', '),
        message: `Unknown field${keys.length > 1 ? 's' : ''}: ${keys.join(', ')}`,
      };
    }
    return { path: base || (location ?? ''), message: issue.message };
  });
}
