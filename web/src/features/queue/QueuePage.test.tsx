import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONNECTION_ID, agentPresentation, specRecord } from '../../test/record-shapes';
import { renderPage, type SentRequest } from '../../test/render-page';
import { QueuePage } from './QueuePage';

afterEach(() => vi.unstubAllGlobals());

const connections = { results: [{ connection_id: CONNECTION_ID, their_label: 'Alice Jones', state: 'active', created_at: 'x', updated_at: 'x' }] };
const config = (role: string) => ({ username: role, role, mode: 'sandbox', wallet: { name: 'w', type: 'askar' } });

/** The agent's answer to a list filtered by one state: one exchange in it, waiting since `since[state]`. */
function byState(since: Record<string, string>, record: (id: string, state: string, at: string) => unknown) {
  return (request: SentRequest) => {
    const state = new URL(request.url, 'http://x').searchParams.get('state') ?? '';
    const at = since[state];
    return new Response(JSON.stringify({ results: at ? [record(`${state}-id`, state, at)] : [] }), { headers: { 'content-type': 'application/json' } });
  };
}

const credential = (id: string, state: string, at: string) => {
  const detail = specRecord(id, 'issuer');
  return { ...detail, cred_ex_record: { ...detail.cred_ex_record, state, updated_at: at } };
};
const presentation = (id: string, state: string, at: string) => ({ ...agentPresentation(id), state, updated_at: at });

describe('QueuePage', () => {
  it('lists what waits on an issuer, the longest waiting first, each with its action one click away', async () => {
    const { requests } = renderPage('/queue', '/queue', <QueuePage />, {
      '/api/config': config('issuer'),
      '/api/connections': connections,
      '/api/issue-credential-2.0/records': byState(
        { 'request-received': '2026-11-20T10:00:00Z', 'offer-received': '2026-11-22T10:00:00Z', 'proposal-received': '2026-11-21T10:00:00Z' },
        credential,
      ),
    });
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual(['Issue credential', 'Review proposal', 'Review offer']);
    expect(within(items[0]!).getByRole('link').getAttribute('href')).toBe('/credentials/request-received-id');
    expect(items[0]!.textContent).toContain('Alice Jones');
    // One call per state the spec advises an action for (the agent has no OR filter); no presentations for an issuer.
    const states = requests.filter((r) => r.url.includes('/issue-credential-2.0/records')).map((r) => new URL(r.url, 'http://x').searchParams.get('state'));
    expect(states.sort()).toEqual(['credential-received', 'offer-received', 'proposal-received', 'request-received']);
    expect(requests.some((r) => r.url.includes('/present-proof-2.0/'))).toBe(false);
  });

  it('shows a verifier the presentations to check', async () => {
    renderPage('/queue', '/queue', <QueuePage />, {
      '/api/config': config('verifier'),
      '/api/connections': connections,
      '/api/present-proof-2.0/records': byState({ 'presentation-received': '2026-11-20T10:00:00Z' }, presentation),
    });
    const item = await screen.findByRole('listitem');
    expect(within(item).getByRole('link').textContent).toBe('Verify');
    expect(item.textContent).toContain('Proof of enrolment');
  });

  it('says when nothing waits', async () => {
    renderPage('/queue', '/queue', <QueuePage />, {
      '/api/config': config('issuer'),
      '/api/connections': connections,
      '/api/issue-credential-2.0/records': { results: [] },
    });
    expect(await screen.findByRole('heading', { name: 'Nothing waits for you' })).toBeTruthy();
  });
});
