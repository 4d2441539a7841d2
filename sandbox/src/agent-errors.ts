import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The agent (aiohttp) writes errors as text/plain "<status>: <reason>", with the reason also as status text. */
export function agentError(status: number, reason: string, options: { cause?: unknown } = {}): HTTPException {
  const res = new Response(`${status}: ${reason}`, {
    status,
    statusText: reason.replace(/[^\x20-\x7e]/g, ' ').slice(0, 200),
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
  return new HTTPException(status as ContentfulStatusCode, { res, ...('cause' in options && { cause: options.cause }) });
}

/** Python's repr of the JSON-like values marshmallow reports; `indexKeys`: digit keys are list indices (ints). */
export function pyRepr(value: unknown, options: { indexKeys?: boolean } = {}): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
    const escaped = value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(new RegExp(quote, 'g'), `\\${quote}`);
    return `${quote}${escaped}${quote}`;
  }
  if (Array.isArray(value)) return `[${value.map((v) => pyRepr(v, options)).join(', ')}]`;
  const key = (k: string) => (options.indexKeys && /^(0|[1-9][0-9]*)$/.test(k) ? k : pyRepr(k));
  return `{${Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${key(k)}: ${pyRepr(v, options)}`)
    .join(', ')}}`;
}

export type ValidationLocation = 'json' | 'querystring' | 'match_info';

/** 422 as webargs + ACA-Py's ready_middleware write it: a Python repr keyed by location. */
export function validationError(location: ValidationLocation, fields: Record<string, unknown>): HTTPException {
  return agentError(422, pyRepr({ [location]: fields }, { indexKeys: true }));
}
