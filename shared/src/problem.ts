import { z } from './zod.js';

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
  /** The request's id (X-Request-Id): the browser shows it as the reference that finds its log line and audit entry. */
  request_id: z.string().optional(),
});

export type ProblemFieldError = z.infer<typeof problemFieldErrorSchema>;
export type Problem = z.infer<typeof problemSchema>;

/**
 * Turns a failed zod parse into the `errors` list of a problem, with `location` prefixed (query, body,
 * path): one entry per field (its first problem), one per unknown key.
 */
export function fieldErrorsFrom(error: Pick<z.core.$ZodError, 'issues'>, location?: string): ProblemFieldError[] {
  const byPath = new Map<string, string>();
  for (const issue of error.issues) {
    const base = [location, ...issue.path.map(String)].filter(Boolean).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) if (!byPath.has(base ? `${base}.${key}` : key)) byPath.set(base ? `${base}.${key}` : key, 'Unknown field');
    } else if (!byPath.has(base)) {
      byPath.set(base, issue.message);
    }
  }
  return [...byPath].map(([path, message]) => ({ path, message }));
}
