import { agentApiRefs, consoleApiRefs } from '@credence/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonAnswer } from '../test/render-page';
import { agentIssued } from '../test/record-shapes';
import { callApi, ContractError, urlFor } from './api-client';

afterEach(() => vi.unstubAllGlobals());

function answering(body: unknown, status = 200) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
    status === 204 ? new Response(null, { status }) : jsonAnswer(body, status),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('urlFor', () => {
  it('fills and encodes the path params and leaves unset and empty query values out', () => {
    expect(urlFor(agentApiRefs.credentialExchange, { params: { cred_ex_id: 'a/b c' } })).toBe('/api/issue-credential-2.0/records/a%2Fb%20c');
    expect(urlFor(agentApiRefs.credentialExchanges, { query: { role: 'issuer', state: undefined, thread_id: '', limit: 26, descending: true } })).toBe(
      '/api/issue-credential-2.0/records?role=issuer&limit=26&descending=true',
    );
  });
});

describe('callApi', () => {
  it('sends the route’s method and JSON body and returns the answer', async () => {
    const fetchMock = answering({ username: 'ada', role: 'admin', tenant: null });
    expect(await callApi(consoleApiRefs.login, { body: { username: 'ada', password: 'pw' } })).toEqual({ username: 'ada', role: 'admin', tenant: null });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/session');
    expect(init).toMatchObject({ method: 'POST', body: JSON.stringify({ username: 'ada', password: 'pw' }) });
  });

  it('reads an empty answer as null', async () => {
    answering(undefined, 204);
    expect(await callApi(consoleApiRefs.logout)).toBeNull();
  });

  it('accepts the agent’s real record shapes', async () => {
    answering({ results: [agentIssued('3fa85f64-5717-4562-b3fc-2c963f66afa6')] });
    await expect(callApi(agentApiRefs.credentialExchanges)).resolves.toMatchObject({ results: [{ cred_ex_record: { state: 'done' } }] });
  });

  it('refuses, outside production, an answer that breaks the contract, naming the field', async () => {
    answering({ results: [{ cred_ex_record: { cred_ex_id: 1 } }] });
    const call = callApi(agentApiRefs.credentialExchanges);
    await expect(call).rejects.toBeInstanceOf(ContractError);
    await expect(callApi(agentApiRefs.credentialExchanges)).rejects.toThrow(
      /GET \/issue-credential-2\.0\/records does not match the contract: results\.0\.cred_ex_record\.cred_ex_id/,
    );
  });
});
