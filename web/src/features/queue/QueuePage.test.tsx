import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONNECTION_ID, agentPresentation, specRecord } from '../../test/record-shapes';
import { jsonAnswer, problemAnswer, renderPage, type SentRequest } from '../../test/render-page';
import { installDialogMethods } from '../../test/dialog';
import { QueuePage } from './QueuePage';

installDialogMethods();
/** The first answer can be slow on a busy machine (several test runs share two cores). */
const slow = { timeout: 8_000 };

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

describe('QueuePage', { timeout: 30_000 }, () => {
  const issuerAnswers = (since: Record<string, string>) => ({
    '/api/config': config('issuer'),
    '/api/connections': connections,
    '/api/register/exchanges': { results: [], total: 2, total_capped: false, limit: 1, offset: 0 },
    '/api/issue-credential-2.0/records': byState(since, credential),
  });
  const since = {
    'request-received': '2026-11-20T10:00:00Z',
    'offer-received': '2026-11-22T10:00:00Z',
    'proposal-received': '2026-11-21T10:00:00Z',
    'credential-received': '2026-11-19T10:00:00Z',
  };

  it('shows an issuer what the issuer must do, grouped by kind with counts; no holder chores unless asked', async () => {
    const user = userEvent.setup();
    const { requests, router } = renderPage('/queue', '/queue', <QueuePage />, issuerAnswers(since));
    const requested = await screen.findByRole('region', { name: /Credential requests to issue/ }, slow);
    expect(within(requested).getByRole('heading').textContent).toBe('Credential requests to issue 1');
    const [item] = within(requested).getAllByRole('listitem');
    expect(within(item!).getByRole('link').textContent).toBe('Issue credential');
    expect(within(item!).getByRole('link').getAttribute('href')).toBe('/credentials/request-received-id');
    expect(item!.textContent).toContain('Alice Jones');
    expect(screen.getByRole('region', { name: /Credential proposals to review/ })).toBeTruthy();
    // An offer received and a credential to store are the holder's chores: not shown, not even asked for.
    expect(screen.queryByText('Review offer')).toBeNull();
    expect(screen.queryByText('Store credential')).toBeNull();
    const states = () =>
      requests.filter((r) => r.url.includes('/issue-credential-2.0/records')).map((r) => new URL(r.url, 'http://x').searchParams.get('state'));
    expect(states().sort()).toEqual(['proposal-received', 'request-received']);
    expect(requests.some((r) => r.url.includes('/present-proof-2.0/'))).toBe(false);

    // Asked for: the holder's groups come after the issuer's, and the choice is in the address.
    await user.click(screen.getByRole('checkbox', { name: /Show holder tasks/ }));
    expect(await screen.findByRole('region', { name: /Credential offers received/ })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Credential requests to issue 1',
      'Credential proposals to review 1',
      'Credential offers received (as a holder) 1',
      'Credentials received to store (as a holder) 1',
    ]);
    expect(router.state.location.search).toBe('?holder=shown');
  });

  it('sorts each group newest first or the longest waiting first, as chosen, kept in the address', async () => {
    const user = userEvent.setup();
    const many = (id: string, state: string, at: string) => credential(id, state, at);
    const { router } = renderPage('/queue', '/queue', <QueuePage />, {
      ...issuerAnswers({}),
      '/api/issue-credential-2.0/records': (request: SentRequest) => {
        const state = new URL(request.url, 'http://x').searchParams.get('state');
        const results =
          state === 'request-received'
            ? [many('old', state, '2026-11-01T10:00:00Z'), many('new', state, '2026-11-25T10:00:00Z'), many('mid', state, '2026-11-10T10:00:00Z')]
            : [];
        return jsonAnswer({ results });
      },
    });
    const hrefs = async () =>
      within(await screen.findByRole('region', { name: /Credential requests to issue/ }))
        .getAllByRole('link')
        .map((a) => a.getAttribute('href'));
    await screen.findByRole('region', { name: /Credential requests to issue/ }, slow);
    expect(await hrefs()).toEqual(['/credentials/old', '/credentials/mid', '/credentials/new']);
    expect(within(screen.getByRole('region', { name: /Credential requests to issue/ })).getByRole('heading').textContent).toBe(
      'Credential requests to issue 3',
    );
    await user.selectOptions(screen.getByLabelText('Order'), 'newest');
    expect(await hrefs()).toEqual(['/credentials/new', '/credentials/mid', '/credentials/old']);
    expect(router.state.location.search).toBe('?order=newest');
  });

  it('issues all requested after a confirmation naming how many and to whom, and says which failed', async () => {
    const user = userEvent.setup();
    const results = [credential('r1', 'request-received', '2026-11-01T10:00:00Z'), credential('r2', 'request-received', '2026-11-02T10:00:00Z')];
    const { requests } = renderPage('/queue', '/queue', <QueuePage />, {
      ...issuerAnswers({}),
      '/api/issue-credential-2.0/records': (request: SentRequest) =>
        jsonAnswer({ results: new URL(request.url, 'http://x').searchParams.get('state') === 'request-received' ? results : [] }),
      'POST /api/issue-credential-2.0/records/r1/issue': specRecord('r1', 'issuer'),
      'POST /api/issue-credential-2.0/records/r2/issue': () => problemAnswer(400, 'Credential exchange record not found in state request-received'),
    });
    await user.click(await screen.findByRole('button', { name: 'Issue all requested (2)' }, slow));
    const dialog = screen.getByRole('dialog', { name: 'Issue 2 credentials?' });
    const names = within(dialog)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(names).toHaveLength(2);
    for (const name of names) expect(name).toMatch(/ to Alice Jones$/);
    // Nothing is issued before the confirmation.
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Issue 2 credentials' }));
    expect(await screen.findByRole('dialog', { name: 'Issued 1 of 2 credentials' }, slow)).toBeTruthy();
    // One request each, so each is audited on its own.
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([
      '/api/issue-credential-2.0/records/r1/issue',
      '/api/issue-credential-2.0/records/r2/issue',
    ]);
    const failed = within(screen.getByRole('list', { name: 'Not issued' })).getAllByRole('listitem');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.textContent).toContain('Alice Jones');
    expect(failed[0]!.textContent).toContain('The agent no longer has this record.');
    // Said in plain words, without the agent's own (its wording and states are for Technical details).
    expect(failed[0]!.textContent).not.toContain('state request-received');
    expect(screen.getByRole('status').textContent).toBe('1 issued, 1 not issued.');
  });

  it('keeps the outcome shown once every request is issued and the group has gone from the page', async () => {
    const user = userEvent.setup();
    let issued = 0;
    renderPage('/queue', '/queue', <QueuePage />, {
      ...issuerAnswers({}),
      // Once issued, the agent lists none in request-received: the live refresh empties the group.
      '/api/issue-credential-2.0/records': (request: SentRequest) =>
        jsonAnswer({
          results:
            new URL(request.url, 'http://x').searchParams.get('state') === 'request-received' && issued === 0
              ? [credential('r1', 'request-received', '2026-11-01T10:00:00Z')]
              : [],
        }),
      'POST /api/issue-credential-2.0/records/r1/issue': () => {
        issued += 1;
        return jsonAnswer(specRecord('r1', 'issuer'));
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Issue all requested (1)' }, slow));
    await user.click(within(screen.getByRole('dialog', { name: 'Issue 1 credential?' })).getByRole('button', { name: 'Issue 1 credential' }));
    expect(await screen.findByRole('heading', { name: 'Nothing waits for you' }, slow)).toBeTruthy();
    const outcome = screen.getByRole('dialog', { name: 'Issued 1 of 1 credential' });
    expect(within(outcome).getByRole('status').textContent).toBe('All 1 credential issued.');
  });

  it('narrows the list to a person or credential typed, kept in the address, and issues only the requests shown', async () => {
    const user = userEvent.setup();
    const bob = 'c0ffee00-0000-4000-8000-00000000b0b0';
    const fromBob = credential('bob-1', 'request-received', '2026-11-02T10:00:00Z');
    const results = [
      credential('alice-1', 'request-received', '2026-11-01T10:00:00Z'),
      { ...fromBob, cred_ex_record: { ...fromBob.cred_ex_record, connection_id: bob } },
    ];
    const { requests, router } = renderPage('/queue', '/queue', <QueuePage />, {
      ...issuerAnswers({}),
      '/api/connections': { results: [...connections.results, { ...connections.results[0], connection_id: bob, their_label: 'Bob Smith' }] },
      '/api/issue-credential-2.0/records': (request: SentRequest) =>
        jsonAnswer({ results: new URL(request.url, 'http://x').searchParams.get('state') === 'request-received' ? results : [] }),
      'POST /api/issue-credential-2.0/records/bob-1/issue': specRecord('bob-1', 'issuer'),
    });
    await screen.findByRole('button', { name: 'Issue all requested (2)' }, slow);
    await user.type(screen.getByLabelText('Person or credential'), 'bob');
    expect(router.state.location.search).toBe('?q=bob');
    const requested = screen.getByRole('region', { name: /Credential requests to issue/ });
    expect(within(requested).getByRole('heading').textContent).toBe('Credential requests to issue 1');
    await user.click(within(requested).getByRole('button', { name: 'Issue all requested (1)' }));
    const dialog = screen.getByRole('dialog', { name: 'Issue 1 credential?' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringMatching(/ to Bob Smith$/)]);
    await user.click(within(dialog).getByRole('button', { name: 'Issue 1 credential' }));
    expect(await screen.findByRole('dialog', { name: 'Issued 1 of 1 credential' }, slow)).toBeTruthy();
    // Alice's request, not shown, was not issued.
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual(['/api/issue-credential-2.0/records/bob-1/issue']);
    await user.click(screen.getByRole('button', { name: 'Close' }));

    await user.clear(screen.getByLabelText('Person or credential'));
    await user.type(screen.getByLabelText('Person or credential'), 'Carol');
    expect(await screen.findByRole('heading', { name: 'Nothing waiting matches “Carol”' })).toBeTruthy();
  });

  it('shows a verifier the presentations to check', async () => {
    renderPage('/queue', '/queue', <QueuePage />, {
      '/api/config': config('verifier'),
      '/api/connections': connections,
      '/api/register/exchanges': { results: [], total: 0, total_capped: false, limit: 1, offset: 0 },
      '/api/present-proof-2.0/records': byState({ 'presentation-received': '2026-11-20T10:00:00Z', 'request-received': '2026-11-20T10:00:00Z' }, presentation),
    });
    const group = await screen.findByRole('region', { name: /Presentations to verify/ }, slow);
    const item = within(group).getByRole('listitem');
    expect(within(item).getByRole('link').textContent).toBe('Verify');
    expect(item.textContent).toContain('Proof of enrolment');
    // A proof request received is the holder's to answer.
    expect(screen.queryByText('Prepare presentation')).toBeNull();
  });

  it('says when nothing waits', async () => {
    renderPage('/queue', '/queue', <QueuePage />, {
      '/api/config': config('issuer'),
      '/api/connections': connections,
      '/api/issue-credential-2.0/records': { results: [] },
    });
    expect(await screen.findByRole('heading', { name: 'Nothing waits for you' }, slow)).toBeTruthy();
  });

  it('names a presentation proposal by what it offers, not as “Presentation exchange”', async () => {
    const proposal = (id: string, state: string, at: string) => ({
      ...agentPresentation(id),
      state,
      updated_at: at,
      by_format: {
        pres_proposal: {
          indy: { requested_attributes: { a: { name: 'name', restrictions: [{ schema_id: 'WgWxqztrNooG92RXvxSTWv:2:Student ID:1.2' }] } } },
        },
      },
    });
    renderPage('/queue', '/queue', <QueuePage />, {
      '/api/config': config('verifier'),
      '/api/connections': connections,
      '/api/register/exchanges': { results: [], total: 1, total_capped: false, limit: 1, offset: 0 },
      '/api/present-proof-2.0/records': byState({ 'proposal-received': '2026-11-21T10:00:00Z' }, proposal),
    });
    const proposals = await screen.findByRole('region', { name: /Presentation proposals to review/ }, slow);
    expect(proposals.textContent).toContain('Offers to show Name — from Student ID 1.2');
    expect(proposals.textContent).not.toContain('Presentation exchange');
  });
});
