import { Pool, type Dispatcher } from 'undici';
import { AGENT_UNAVAILABLE_TYPE, TENANT_ACCESS_REFUSED_TYPE } from '@credence/shared';
import { ConcurrencyLimit } from '../concurrency-limit.js';
import { ProblemError } from '../problem.js';
import { agentTimedOut, agentUnreachable, problemFromAgentError } from './agent-errors.js';
import { isHeaderValue } from './header-value.js';
import { isJsonText } from './json-check.js';
import { SeenAnswers } from './seen-answers.js';

export interface AcapyClientOptions {
  baseUrl: string;
  apiKey?: string | undefined;
  timeoutMs: number;
  /** Most sockets kept open to the agent at once (keep-alive); requests past it wait for one. */
  maxSockets?: number;
  /**
   * A kept-alive connection idle this long is closed by the console (4 s): before the agent's side
   * closes it (5 s in Node's and uvicorn's servers, 75 s in aiohttp's), so a request is not sent on a
   * connection the agent is closing at that moment. Several sockets idle past the agent's limit made a
   * read and its one retry both meet a closed connection (a 502 in the e2e runs).
   */
  idleSocketMs?: number;
  /** For tests: send every call through this fetch instead of the client's own HTTP agent. */
  fetch?: typeof fetch;
  /** Told of every call once it has its answer or its failure (the metrics); a tenant's client shares it. */
  observe?: (call: AgentCallSeen) => void;
}

/** One call to the agent as the metrics count it: the path (an observer makes it a template), how it ended, how long it took. */
export interface AgentCallSeen {
  method: HttpMethod;
  path: string;
  /** The answer's status, or what the console made of a failure; `failure` when the agent gave no answer. */
  status: number;
  failure?: 'timeout' | 'unreachable';
  seconds: number;
}

/**
 * Whose wallet a client acts in, with a multitenant agent: its calls carry the tenant's token as
 * `Authorization: Bearer`, never the base wallet's admin key (decision 033).
 */
export interface TenantCredential {
  /** The tenant's token; undefined once the agent has refused it. */
  token(): Promise<string | undefined>;
  /**
   * The agent answered 401 to `token`: true when it is dead for good (a newer one was minted elsewhere);
   * false when a newer token of this console is stored by now, with which the call is tried once more.
   */
  refused(token: string): Promise<boolean>;
}

/** Said to the users of a tenant whose token the agent refused; the operator adopts the tenant again. */
export const TENANT_TOKEN_REFUSED =
  'The agent no longer accepts this organisation’s access key (a newer one was issued elsewhere). An operator has to reconnect the organisation in Credence.';

export interface AgentRequest {
  query?: URLSearchParams | undefined;
  body?: unknown;
  /** A write whose agent handler reads no body (verify-presentation, the wallet upgrade): send none. */
  withoutBody?: boolean;
  /** Overrides the client's timeout, e.g. for a quick health probe. */
  timeoutMs?: number;
}

export interface AgentResponse {
  readonly status: number;
  /** The answer's value (null for a 204). */
  readonly body: unknown;
  /** The answer's JSON text as the agent sent it. */
  readonly text: string;
  /** The same answer as the bytes that came over the wire (checked to be JSON), to pass on as they are. */
  readonly bytes: Uint8Array;
}

/** What came back over HTTP, before the client decides what it means. */
interface RawAnswer {
  status: number;
  contentType: string;
  bytes: Uint8Array;
}

class AgentTimeout extends Error {}

const decode = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
const isBlank = (bytes: Uint8Array) => bytes.every((c) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09);

/** A 2xx answer already checked to be JSON; its text and value are worked out when first asked for. */
class AgentAnswer implements AgentResponse {
  private decoded: string | undefined;
  private parsed = false;
  private value: unknown;

  constructor(
    readonly status: number,
    readonly bytes: Uint8Array,
    body?: unknown,
  ) {
    if (body !== undefined) {
      this.parsed = true;
      this.value = body;
      this.decoded = bytes.length ? decode(bytes) : '';
    }
  }

  get text(): string {
    return (this.decoded ??= decode(this.bytes));
  }

  get body(): unknown {
    if (!this.parsed) {
      this.value = JSON.parse(this.text);
      this.parsed = true;
    }
    return this.value;
  }
}

const EMPTY = new Uint8Array(0);
const EMPTY_OBJECT = new TextEncoder().encode('{}');

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The one way the BFF talks to the agent. It adds the admin API key, bounds every call by a timeout,
 * always sends a JSON body on writes (the agent answers 500 to an empty one) and turns every failure
 * into a ProblemError. It builds its own headers: nothing of the browser's request reaches the agent.
 */
export class AcapyClient {
  private readonly baseUrl: string;
  /**
   * The last answers to GETs, already checked to be JSON: the same bytes again need no second scan.
   * Lists are asked for again on every live event and mostly come back unchanged. Up to 4 MiB, none
   * over 1 MiB, mostly the very arrays the register keeps of the same answers.
   */
  private readonly checked = new SeenAnswers(4 * 1024 * 1024, 256, false);
  private readonly send: Transport;

  constructor(
    private readonly options: AcapyClientOptions,
    /** Set on a tenant's client (`forTenant`), which shares the base client's connections. */
    private readonly tenant?: { credential: TenantCredential; send: Transport },
  ) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    if (options.apiKey && !isHeaderValue(options.apiKey)) throw new Error('The agent API key holds a character an HTTP header cannot carry.');
    // undici's dispatch rather than fetch: fetch's web streams cost the BFF about 0.8 ms of CPU per
    // 150 KB page (measured), more than the rest of the request together.
    this.send = tenant?.send ?? (options.fetch ? viaFetch(options.fetch) : viaUndici(this.baseUrl, options.maxSockets ?? 64, options.idleSocketMs ?? 4_000));
  }

  /** A client acting in one tenant's wallet with its token, over this client's connections. */
  forTenant(credential: TenantCredential): AcapyClient {
    return new AcapyClient(this.options, { credential, send: this.send });
  }

  /** A tenant client's header that says who calls: the tenant's token (its value, to redact from the answer). */
  private async tenantCredentials(tenant: TenantCredential, path: string, headers: Record<string, string>): Promise<string> {
    // The admin routes act on every tenant: only the base client (the admin key) calls them.
    if (path.startsWith('/multitenancy')) throw new Error(`${path} is an admin route: it is called with the base wallet's key, not a tenant's token.`);
    const token = await tenant.token();
    if (!token) throw tokenRefused();
    if (!isHeaderValue(token)) throw new Error('A tenant token holds a character an HTTP header cannot carry.');
    headers.authorization = `Bearer ${token}`;
    return token;
  }

  async request(method: HttpMethod, path: string, request: AgentRequest = {}): Promise<AgentResponse> {
    const observe = this.options.observe;
    if (!observe) return this.attempt(method, path, request, false);
    const started = performance.now();
    const seen = (status: number, failure?: AgentCallSeen['failure']) =>
      observe({ method, path, status, seconds: (performance.now() - started) / 1000, ...(failure && { failure }) });
    try {
      const answer = await this.attempt(method, path, request, false);
      seen(answer.status);
      return answer;
    } catch (error) {
      const status = error instanceof ProblemError ? error.problem.status : 500;
      const unanswered = error instanceof ProblemError && error.problem.type === AGENT_UNAVAILABLE_TYPE && status !== 503;
      seen(status, unanswered ? (status === 504 ? 'timeout' : 'unreachable') : undefined);
      throw error;
    }
  }

  private async attempt(method: HttpMethod, path: string, request: AgentRequest, retried: boolean): Promise<AgentResponse> {
    const query = request.query?.toString();
    const url = `${this.baseUrl}${path}${query ? `?${query}` : ''}`;
    const headers: Record<string, string> = { accept: 'application/json' };
    // The base client (single-tenant, or a multitenant agent's admin routes) sends the admin key, as it always has.
    let token: string | undefined;
    if (this.tenant) token = await this.tenantCredentials(this.tenant.credential, path, headers);
    else if (this.options.apiKey) headers['x-api-key'] = this.options.apiKey;
    let body: string | undefined;
    if (method !== 'GET' && method !== 'DELETE' && !request.withoutBody) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.body ?? {});
    }
    const timeoutMs = request.timeoutMs ?? this.options.timeoutMs;

    const expected = method === 'GET' ? this.checked.last(url) : undefined;
    let answer: RawAnswer;
    try {
      answer = await this.send(method, url, headers, body, timeoutMs, expected);
    } catch (error) {
      if (error instanceof AgentTimeout || (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError'))) {
        throw agentTimedOut(timeoutMs);
      }
      throw agentUnreachable();
    }

    const { status, contentType } = answer;
    const ok = status >= 200 && status < 300;
    // A leading byte order mark is dropped, as fetch's text() would.
    let raw = answer.bytes;
    if (raw[0] === 0xef && raw[1] === 0xbb && raw[2] === 0xbf) raw = raw.subarray(3);
    // The same bytes as the last answer to this GET were checked then: JSON, and without the key. (When
    // every byte matched on the way in, the transport handed back the remembered answer itself, which
    // `matches` knows without comparing.)
    if (ok && method === 'GET' && this.checked.matches(url, raw)) return new AgentAnswer(status, raw);
    const bytes = this.redacted(raw, token);
    // An admin route's 401 ("API Key invalid or missing") says the route is not a tenant's, not that the token is dead.
    if (!ok && status === 401 && this.tenant && !/api key/i.test(decode(bytes))) {
      // Not tried again with a dead token: it stays refused until an operator reconnects the tenant.
      if ((await this.tenant.credential.refused(token!)) || retried) throw tokenRefused();
      return this.attempt(method, path, request, true);
    }
    if (!ok) throw problemFromAgentError(status, contentType, decode(bytes));
    if (isBlank(bytes)) return status === 204 ? new AgentAnswer(status, EMPTY, null) : new AgentAnswer(status, EMPTY_OBJECT, {});
    // Checked, not parsed: most answers are passed on as they came, and only a few routes read `body`.
    if (!isJsonText(bytes)) throw new ProblemError(502, 'The agent answered with something that is not JSON', { title: 'Agent error', code: 'agent.notJson' });
    if (method === 'GET' && bytes === raw) this.checked.remember(url, bytes);
    return new AgentAnswer(status, bytes);
  }

  /**
   * The agent never should, but a misconfigured agent or proxy may echo the key (a debug error page,
   * settings dumped whole); it must not travel on to the browser.
   */
  private redacted(bytes: Uint8Array, token: string | undefined): Uint8Array {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const secrets = [this.options.apiKey, token].filter((s): s is string => !!s && buffer.includes(s));
    if (!secrets.length) return bytes;
    return Buffer.from(secrets.reduce((text, secret) => text.replaceAll(secret, '[redacted]'), buffer.toString('utf8')));
  }

  get(path: string, request?: AgentRequest): Promise<AgentResponse> {
    return this.request('GET', path, request);
  }

  post(path: string, body: unknown = {}, request: Omit<AgentRequest, 'body'> = {}): Promise<AgentResponse> {
    return this.request('POST', path, { ...request, body });
  }
}

/**
 * Sends one request to the agent. `expected` is the last answer to the same GET: when the answer's
 * bytes turn out to be the same, the transport may hand back `expected` itself instead of a new copy.
 */
export type Transport = (
  method: HttpMethod,
  url: string,
  headers: Record<string, string>,
  body: string | undefined,
  timeoutMs: number,
  expected?: Uint8Array,
) => Promise<RawAnswer>;

/**
 * An answer's body as its chunks arrive. While they match `expected` they are compared and let go, so
 * that an answer the same as the last one (a list fetched again on every live event) is not copied
 * into a new buffer of its size; the first chunk that differs turns it into an ordinary gathering.
 */
export class AnswerBody {
  private readonly chunks: Buffer[] = [];
  private matched = 0;
  private matching: boolean;

  constructor(private readonly expected?: Uint8Array) {
    this.matching = expected !== undefined;
  }

  add(chunk: Buffer): void {
    const expected = this.expected;
    if (this.matching && expected) {
      const end = this.matched + chunk.byteLength;
      if (end <= expected.byteLength && chunk.equals(expected.subarray(this.matched, end))) {
        this.matched = end;
        return;
      }
      this.matching = false;
      if (this.matched > 0) this.chunks.push(Buffer.from(expected.buffer, expected.byteOffset, this.matched));
    }
    this.chunks.push(chunk);
  }

  bytes(): Uint8Array {
    if (this.matching && this.expected) {
      if (this.matched === this.expected.byteLength) return this.expected;
      return Buffer.from(this.expected.subarray(0, this.matched)); // a copy: a view would keep all of `expected`
    }
    return this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
  }
}

function tokenRefused(): ProblemError {
  return new ProblemError(503, TENANT_TOKEN_REFUSED, { title: 'Agent access refused', type: TENANT_ACCESS_REFUSED_TYPE, code: 'agent.tenantAccessRefused' });
}

function viaUndici(baseUrl: string, maxSockets: number, idleSocketMs: number): Transport {
  // undici (the client Node's own fetch is built on) through its dispatch API, without fetch's web
  // streams: about 0.035 ms of CPU less per 10 KB call than node:http's client (ADR 017). A connection
  // idle `idleSocketMs` is closed by the console, and the agent's own keep-alive hint may only shorten that.
  const origin = new URL(baseUrl);
  // A user and password in the agent's address are sent as Basic auth, as node:http's request(url) did.
  const authorization =
    origin.username || origin.password
      ? `Basic ${Buffer.from(`${decodeURIComponent(origin.username)}:${decodeURIComponent(origin.password)}`).toString('base64')}`
      : undefined;
  const pool = new Pool(origin.origin, { connections: maxSockets, keepAliveTimeout: idleSocketMs, keepAliveMaxTimeout: idleSocketMs });
  // Calls past `maxSockets` wait here rather than in undici's queue: one that times out while waiting is
  // simply dropped, where undici would take it up when its turn came and close a connection to abort it.
  const slots = new ConcurrencyLimit(maxSockets);
  const once = (method: HttpMethod, url: string, headers: Record<string, string>, body: string | undefined, timeoutMs: number, expected?: Uint8Array) =>
    new Promise<RawAnswer>((resolve, reject) => {
      let settled = false;
      let controller: Dispatcher.DispatchController | undefined;
      let answer: { status: number; contentType: string; body: AnswerBody } | undefined;
      let release: (() => void) | undefined;
      const settle = (error: Error | undefined, raw?: RawAnswer) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        release?.();
        if (error) reject(error);
        else resolve(raw!);
      };
      // Parsed as node:http's request(url) parsed it: what a path may not hold is percent-encoded, so undici
      // never refuses the request (a refused one would leave its pooled connection marked busy for good;
      // the header values are fixed, the key checked once by the client).
      const target = new URL(url);
      // A tenant's Bearer token wins over the address's Basic auth.
      const sent = authorization ? { authorization, ...headers } : headers;
      // One bound on the whole exchange (waiting for a connection, headers, body), not on each socket's inactivity.
      const timer = setTimeout(() => {
        settle(new AgentTimeout());
        controller?.abort(new AgentTimeout());
      }, timeoutMs);
      void slots.run(() =>
        settled
          ? Promise.resolve()
          : new Promise<void>((done) => {
              release = done;
              pool.dispatch(
                { method, path: target.pathname + target.search, headers: sent, body },
                {
                  onRequestStart(started) {
                    controller = started;
                    if (settled) started.abort(new AgentTimeout());
                  },
                  onResponseStart(_controller, statusCode, responseHeaders) {
                    const contentType = responseHeaders['content-type'];
                    answer = { status: statusCode, contentType: String(contentType ?? ''), body: new AnswerBody(expected) };
                  },
                  onResponseData(_controller, chunk) {
                    answer?.body.add(chunk);
                  },
                  onResponseEnd() {
                    if (!answer) return settle(new Error('The agent ended the exchange without an answer.'));
                    settle(undefined, { status: answer.status, contentType: answer.contentType, bytes: answer.body.bytes() });
                  },
                  onResponseError(_controller, error) {
                    settle(error);
                  },
                },
              );
            }),
      );
    });
  return async (method, url, headers, body, timeoutMs, expected) => {
    try {
      return await once(method, url, headers, body, timeoutMs, expected);
    } catch (error) {
      // A read is sent once more, on another connection, after any failure of its connection but a
      // timeout (a reset, or a close mid-answer under load: the e2e runs met both on the sandbox as a 502
      // now and then). A write never is: nothing tells whether the agent read it (undici does not say
      // whether the connection was a reused one), and a DELETE sent twice would answer 404 to a removal
      // that worked. A kept-alive connection is closed by the console before the agent would close it.
      if (method !== 'GET' || error instanceof AgentTimeout) throw error;
      return once(method, url, headers, body, timeoutMs, expected);
    }
  };
}

function viaFetch(fetchImpl: typeof fetch): Transport {
  return async (method, url, headers, body, timeoutMs) => {
    const response = await fetchImpl(url, { method, headers, body, signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { status: response.status, contentType: response.headers.get('content-type') ?? '', bytes };
  };
}
