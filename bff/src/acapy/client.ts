import { AGENT_UNAVAILABLE_TYPE } from '@credence/shared';
import { ProblemError } from '../problem.js';
import { problemFromAgentError } from './agent-errors.js';

export interface AcapyClientOptions {
  baseUrl: string;
  apiKey?: string | undefined;
  timeoutMs: number;
  fetch?: typeof fetch;
}

export interface AgentRequest {
  query?: URLSearchParams | undefined;
  body?: unknown;
  /** Overrides the client's timeout, e.g. for a quick health probe. */
  timeoutMs?: number;
}

export interface AgentResponse {
  status: number;
  body: unknown;
  /** The answer's JSON text as the agent sent it (already checked to parse), to pass on without re-encoding. */
  text: string;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The one way the BFF talks to the agent. It adds the admin API key, bounds every call by a timeout,
 * always sends a JSON body on writes (the agent answers 500 to an empty one) and turns every failure
 * into a ProblemError. It builds its own headers: nothing of the browser's request reaches the agent.
 */
export class AcapyClient {
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: AcapyClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetchImpl = options.fetch ?? fetch;
  }

  async request(method: HttpMethod, path: string, request: AgentRequest = {}): Promise<AgentResponse> {
    const query = request.query?.toString();
    const url = `${this.baseUrl}${path}${query ? `?${query}` : ''}`;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.options.apiKey) headers['x-api-key'] = this.options.apiKey;
    let body: string | undefined;
    if (method !== 'GET' && method !== 'DELETE') {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.body ?? {});
    }
    const timeoutMs = request.timeoutMs ?? this.options.timeoutMs;

    let response: Response;
    let text: string;
    try {
      response = await this.fetchImpl(url, { method, headers, body, signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
      text = this.redacted(await response.text());
    } catch (error) {
      if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
        throw new ProblemError(504, `The agent did not answer within ${timeoutMs} ms`, { title: 'Agent timed out', type: AGENT_UNAVAILABLE_TYPE });
      }
      throw new ProblemError(502, 'The agent could not be reached', { title: 'Agent unreachable', type: AGENT_UNAVAILABLE_TYPE });
    }

    const contentType = response.headers.get('content-type') ?? '';
    if (response.status < 200 || response.status >= 300) {
      throw problemFromAgentError(response.status, contentType, text);
    }
    if (text.trim() === '') return { status: response.status, body: response.status === 204 ? null : {}, text: response.status === 204 ? '' : '{}' };
    try {
      return { status: response.status, body: JSON.parse(text), text };
    } catch {
      throw new ProblemError(502, 'The agent answered with something that is not JSON', { title: 'Agent error' });
    }
  }

  /**
   * The agent never should, but a misconfigured agent or proxy may echo the key (a debug error page,
   * settings dumped whole); it must not travel on to the browser.
   */
  private redacted(text: string): string {
    const key = this.options.apiKey;
    return key && text.includes(key) ? text.replaceAll(key, '[redacted]') : text;
  }

  get(path: string, request?: AgentRequest): Promise<AgentResponse> {
    return this.request('GET', path, request);
  }

  post(path: string, body: unknown = {}, request: Omit<AgentRequest, 'body'> = {}): Promise<AgentResponse> {
    return this.request('POST', path, { ...request, body });
  }
}
