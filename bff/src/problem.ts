import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { PROBLEM_CONTENT_TYPE, fieldErrorsFrom, type CodedMessage, type Problem, type ProblemFieldError } from '@credence/shared';
import type { z } from 'zod';

const statusTitles: Record<number, string> = {
  400: 'Bad request',
  401: 'Not logged in',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  413: 'Request body too large',
  415: 'Unsupported media type',
  422: 'Unprocessable request',
  429: 'Too many requests',
  500: 'Internal error',
  502: 'Agent unreachable',
  503: 'Agent unavailable',
  504: 'Agent timed out',
};

export function titleFor(status: number): string {
  return statusTitles[status] ?? (status >= 500 ? 'Server error' : 'Request failed');
}

/** A field error with what it says as a code (problem-codes.ts), for the browser to word. */
export type CodedFieldError = Pick<ProblemFieldError, 'path' | 'message'> & CodedMessage;

/**
 * What a problem says to a person: its code and parameters (the browser words them in the reader's
 * language), beside the English `title`/`detail` kept for API users and logs.
 */
export type ProblemOptions = CodedMessage & { title?: string; type?: string; errors?: ProblemFieldError[]; headers?: Record<string, string> };

/** An error that renders as application/problem+json with the given status. */
export class ProblemError extends HTTPException {
  readonly problem: Problem;
  readonly headers: Record<string, string> | undefined;

  constructor(status: number, detail: string | undefined, options: ProblemOptions) {
    super(status as ContentfulStatusCode, { message: detail ?? titleFor(status) });
    this.problem = {
      type: options.type ?? 'about:blank',
      title: options.title ?? titleFor(status),
      status,
      ...(detail !== undefined && { detail }),
      ...(options.errors && { errors: options.errors }),
      code: options.code,
      ...(options.params && Object.keys(options.params).length > 0 && { params: options.params }),
    };
    this.headers = options.headers;
  }
}

export function badRequest(error: Pick<z.core.$ZodError, 'issues'>, location: string): ProblemError {
  const errors = fieldErrorsFrom(error, location);
  const named = errors.map((e) => e.path).join(', ');
  return new ProblemError(400, `Invalid ${location}: ${named}`, { title: 'Invalid request', errors, code: 'request.invalid', params: { fields: named } });
}

export function problemResponse(problem: Problem, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(problem), {
    status: problem.status,
    headers: { 'content-type': PROBLEM_CONTENT_TYPE, ...headers },
  });
}
