import type { Problem, ProblemFieldError } from '@credence/shared';
import { reportAgentTrouble } from './agent-status';
import { preloadTaken } from './page-preloads';
import { agentReasonOf, problemInWords } from './problem-words';
import { RepeatedAnswers } from './repeated-answers';

/** 32 M characters: a few pages of 10,000 rows, the lists a clerk moves between. */
const repeatedAnswers = new RepeatedAnswers(32 * 1024 * 1024);

/** An error answer of the BFF, carrying its problem details. */
export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem;

  constructor(problem: Problem) {
    // The agent's own words as they are (plainRefusal puts plain words before them); anything else in the reader's language.
    super(agentReasonOf(problem) ?? problemInWords(problem));
    this.name = 'ApiError';
    this.status = problem.status;
    this.problem = problem;
  }

  get fieldErrors(): ProblemFieldError[] {
    return this.problem.errors ?? [];
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** A problem+json body, checked by hand: this runs on every page, and zod is not loaded until a form needs it. */
function isProblem(value: unknown): value is Problem {
  if (value === null || typeof value !== 'object') return false;
  const p = value as Record<string, unknown>;
  const errorsOk =
    p.errors === undefined ||
    (Array.isArray(p.errors) &&
      p.errors.every(
        (e: unknown) => typeof (e as ProblemFieldError | null)?.path === 'string' && typeof (e as ProblemFieldError | null)?.message === 'string',
      ));
  return typeof p.title === 'string' && typeof p.status === 'number' && (p.detail === undefined || typeof p.detail === 'string') && errorsOk;
}

async function problemFrom(response: Response): Promise<Problem> {
  try {
    const body: unknown = await response.json();
    if (isProblem(body)) return { ...body, type: typeof body.type === 'string' ? body.type : 'about:blank' };
  } catch {
    /* not JSON: a proxy in between, or the BFF is down */
  }
  return {
    type: 'about:blank',
    title: response.status >= 500 ? 'The console is not answering' : 'Request failed',
    status: response.status,
    detail: `${response.status} ${response.statusText}`.trim(),
  };
}

/** Fetches JSON from the BFF. The session cookie rides along; error answers throw ApiError. */
export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  if ((rest.method ?? 'GET').toUpperCase() === 'GET') preloadTaken(path);
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...rest,
      headers: { accept: 'application/json', ...(json !== undefined && { 'content-type': 'application/json' }), ...headers },
      ...(json !== undefined && { body: JSON.stringify(json) }),
    });
  } catch {
    throw new ApiError({ type: 'about:blank', title: 'Network error', status: 0, detail: 'The console could not be reached. Check your connection.' });
  }
  if (!response.ok) {
    const problem = await problemFrom(response);
    reportAgentTrouble(problem);
    throw new ApiError(problem);
  }
  if (response.status === 204) return undefined as T;
  const method = (rest.method ?? 'GET').toUpperCase();
  if (method !== 'GET') return (await response.json()) as T;
  return repeatedAnswers.parse(path, await response.text()) as T;
}

/** `{ a: 1, b: undefined }` → `?a=1`, for query strings of list calls. */
export function queryString(params: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}
