import { z } from './zod.js';

/** RFC 9457 problem details, the one error shape the BFF answers with. */
export const problemFieldErrorSchema = z.object({
  path: z.string(),
  message: z.string(),
  /** What the message says, for the browser to word in the reader's language (problem-codes.ts). */
  code: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  errors: z.array(problemFieldErrorSchema).optional(),
  /** The detail as a stable code and its parameters (problem-codes.ts): the browser words it in the reader's language. */
  code: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
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
  const byPath = new Map<string, ProblemFieldError>();
  for (const issue of error.issues) {
    const base = [location, ...issue.path.map(String)].filter(Boolean).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const path = base ? `${base}.${key}` : key;
        if (!byPath.has(path)) byPath.set(path, { path, message: 'Unknown field', code: 'field.unknown' });
      }
    } else if (!byPath.has(base)) {
      // No code: the schema's own message says more than a generic wording would; the browser maps it by field.
      byPath.set(base, { path: base, message: issue.message });
    }
  }
  return [...byPath.values()];
}
