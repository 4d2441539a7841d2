import { AGENT_UNAVAILABLE_TYPE, type ProblemFieldError } from '@credence/shared';
import { ProblemError } from '../problem.js';
import { parsePythonLiteral, type PyValue } from './python-repr.js';

/** Where marshmallow says a bad value was, in the words the console uses. */
const locations: Record<string, string> = { json: 'body', querystring: 'query', match_info: 'path', form: 'body' };

function flattenValidation(value: PyValue, path: string[], out: ProblemFieldError[]): void {
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v === 'string')) {
      const message = value.join(' ');
      out.push({ path: path.join('.'), message, code: 'field.agent', params: { reason: message } });
    } else {
      value.forEach((v, index) => flattenValidation(v, [...path, String(index)], out));
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) flattenValidation(inner, [...path, key], out);
  } else {
    out.push({ path: path.join('.'), message: String(value), code: 'field.agent', params: { reason: String(value) } });
  }
}

/** `{'json': {'connection_id': ['Missing data for required field.']}}` → [{ path: 'body.connection_id', ... }] */
export function validationErrorsFromRepr(repr: string): ProblemFieldError[] | undefined {
  let parsed: PyValue;
  try {
    parsed = parsePythonLiteral(repr);
  } catch {
    return undefined;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const out: ProblemFieldError[] = [];
  for (const [location, fields] of Object.entries(parsed)) {
    flattenValidation(fields, [locations[location] ?? location], out);
  }
  return out;
}

/** The agent writes errors as text/plain `"<status>: <reason>"`; some proxies in front of it answer JSON. */
export function agentReason(status: number, contentType: string, text: string): string {
  const trimmed = text.trim();
  // A proxy's error page in front of the agent: its markup says nothing to a user.
  if (contentType.includes('html')) return `The agent answered ${status}`;
  if (contentType.includes('json')) {
    try {
      const body = JSON.parse(trimmed) as Record<string, unknown>;
      const message = body.message ?? body.detail ?? body.error ?? body.reason;
      if (typeof message === 'string') return message;
    } catch {
      /* fall through to the text */
    }
  }
  const prefix = `${status}: `;
  const reason = trimmed.startsWith(prefix) ? trimmed.slice(prefix.length) : trimmed;
  return reason.slice(0, 2000) || `The agent answered ${status}`;
}

/**
 * Maps an agent error answer to the problem the browser sees. Client errors keep their status and
 * the agent's reason; the agent's own failures become 502 (503 stays 503: busy or upgrading).
 */
export function problemFromAgentError(status: number, contentType: string, text: string): ProblemError {
  const reason = agentReason(status, contentType, text);
  if (status === 422) {
    const errors = validationErrorsFromRepr(reason);
    const detail = errors?.length ? `The agent refused the request: ${errors.map((e) => `${e.path}: ${e.message}`).join('; ')}` : reason;
    return new ProblemError(422, detail, { title: 'Refused by the agent', code: 'agent.refused', params: { reason: detail }, ...(errors && { errors }) });
  }
  if (status === 401 || (status === 403 && /api key/i.test(reason))) {
    // The agent refused our key: a configuration fault of the BFF, not the user's.
    return new ProblemError(502, `The agent refused the console's credentials (${status}: ${reason}). Check ACAPY_ADMIN_API_KEY.`, {
      title: 'Agent refused the console',
      code: 'agent.keyRefused',
      params: { status },
    });
  }
  if (status === 503)
    return new ProblemError(503, reason, { title: 'Agent unavailable', type: AGENT_UNAVAILABLE_TYPE, code: 'agent.unavailable', params: { reason } });
  if (status >= 500) return new ProblemError(502, `The agent failed: ${reason}`, { title: 'Agent error', code: 'agent.failed', params: { reason } });
  if (status >= 400) return new ProblemError(status, reason, { code: 'agent.refused', params: { reason } });
  return new ProblemError(502, `Unexpected answer from the agent (${status})`, { title: 'Agent error', code: 'agent.unexpectedAnswer', params: { status } });
}

export const agentTimedOut = (timeoutMs: number) =>
  new ProblemError(504, `The agent did not answer within ${timeoutMs} ms`, {
    title: 'Agent timed out',
    type: AGENT_UNAVAILABLE_TYPE,
    code: 'agent.timedOut',
    params: { seconds: Math.round(timeoutMs / 1000) },
  });

export const agentUnreachable = () =>
  new ProblemError(502, 'The agent could not be reached', { title: 'Agent unreachable', type: AGENT_UNAVAILABLE_TYPE, code: 'agent.unreachable' });
