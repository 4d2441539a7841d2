import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { agentPresentation, CONNECTION_ID, CRED_DEF_ID, registerRow, SCHEMA_ID, specPresentation } from '../../test/record-shapes';
import { problemAnswer, renderPage } from '../../test/render-page';
import { PresentationDetailPage } from './PresentationDetailPage';

afterEach(() => vi.unstubAllGlobals());

const id = '44444444-4444-4444-8444-444444444444';
const config = { username: 'verifier', role: 'verifier', mode: 'sandbox', wallet: { name: 'w', type: 'askar' } };
const bob = { connection_id: CONNECTION_ID, their_label: 'Bob Smith', state: 'active', created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z' };

function show(record: ReturnType<typeof agentPresentation>, connections: unknown[] = [bob]) {
  return renderPage('/presentations/:presExId', `/presentations/${id}`, <PresentationDetailPage />, {
    [`/api/present-proof-2.0/records/${id}`]: record,
    '/api/connections': { results: connections },
    '/api/config': config,
  });
}

/** The presentation has arrived; the agent has not verified it yet. */
const arrived = () => ({ ...agentPresentation(id), state: 'presentation-received' as const, verified: null, verified_msgs: undefined });

describe('PresentationDetailPage', () => {
  it.each([
    ['ACA-Py’s shape (pres_request is the whole message)', agentPresentation(id)],
    ['the spec’s shape', specPresentation(id)],
  ])('shows what was asked, what was shown and the verdict for %s', async (_, record) => {
    show(record, []);
    await screen.findByRole('heading', { level: 1, name: 'Student ID 1.2' });
    expect(screen.getAllByText(/Verified/).length).toBeGreaterThan(0);
    expect(screen.getByText('Alice Jones')).toBeTruthy();
    expect(document.body.textContent).toContain('name');
  });

  it('shows the values of a presentation not yet verified as claimed, not as presented or proved', async () => {
    show(arrived());
    const table = await screen.findByRole('table');
    expect(within(table).queryByRole('columnheader', { name: /^(Presented|Proved)/ })).toBeNull();
    expect(within(table).getByRole('columnheader', { name: 'Claimed, not yet verified' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: 'Alice Jones' })).toBeTruthy();
    expect(screen.queryByText(/proved by the presentation/)).toBeNull();
  });

  it('says verified once verified', async () => {
    show(agentPresentation(id));
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Verified' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Credential presented' }).textContent).toContain('(verified)');
  });

  it('says not verified, with the reason, when verification failed', async () => {
    show({ ...agentPresentation(id), verified: false, verified_msgs: ['VALUE_ERROR::Encoded representation mismatch for name'] });
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Not verified' })).toBeTruthy();
    expect(screen.getByText(/Verification failed/)).toBeTruthy();
  });

  it('names the person and the credential in the title, the credential presented, and keeps ids under Technical details', async () => {
    show(arrived());
    await screen.findByRole('heading', { level: 1, name: 'Student ID 1.2 from Bob Smith' });
    const presented = screen.getByRole('region', { name: 'Credential presented' });
    expect(within(presented).getByText(/Student ID 1\.2/)).toBeTruthy();
    expect(within(presented).getByText(/issued by WgWxqz…/)).toBeTruthy();
    const technical = screen.getByText('Technical details').closest('details')!;
    expect(technical.open).toBe(false);
    expect(technical.textContent).toContain(id);
    expect(technical.textContent).toContain(CRED_DEF_ID);
    expect(technical.textContent).toContain(SCHEMA_ID);
    expect(screen.getByRole('link', { name: 'Back to Bob Smith' }).getAttribute('href')).toBe(`/connections/${CONNECTION_ID}`);
  });

  it('says a connectionless presentation had no connection, as the list does', async () => {
    show({ ...agentPresentation(id), connection_id: undefined });
    await screen.findByRole('heading', { level: 1, name: 'Student ID 1.2 at the counter' });
    expect(screen.getAllByText('No connection (QR code)').length).toBeGreaterThan(0);
  });

  it('says plainly that there is no such exchange for an unknown id', async () => {
    renderPage('/presentations/:presExId', '/presentations/nope', <PresentationDetailPage />, {
      '/api/present-proof-2.0/records/nope': () => problemAnswer(400, 'Invalid path: path.pres_ex_id'),
      '/api/connections': { results: [] },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'No presentation exchange with this id' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All presentation exchanges' }).getAttribute('href')).toBe('/presentations');
  });

  it('says what Credence kept of a removed presentation never verified as claimed, not proved', async () => {
    renderPage('/presentations/:presExId', `/presentations/${id}`, <PresentationDetailPage />, {
      [`/api/present-proof-2.0/records/${id}`]: () => problemAnswer(404, 'Record not found'),
      '/api/register/exchanges': {
        total: 1,
        results: [
          registerRow(id, {
            kind: 'presentation',
            role: 'verifier',
            state: 'presentation-received',
            removed_from_agent: true,
            verified: null,
            predicates_proved: ['age >= 18'],
            attributes: [{ name: 'name', value: 'Alice Jones' }],
          }),
        ],
      },
      '/api/connections': { results: [] },
    });
    expect(await screen.findByText(/The agent no longer has this exchange/)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/proved/i);
    expect(screen.getByText(/Values claimed \(never verified\)/)).toBeTruthy();
  });

  it('says what was asked in a clerk’s words: the credential by name, how each is answered, the verdict without codes', async () => {
    show({ ...agentPresentation(id), verified_msgs: ['RMV_GLB_NRI'] });
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('cell', { name: 'Student ID 1.2, issued by WgWxqz…' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: 'Shown' })).toBeTruthy();
    expect(table.textContent).not.toContain(CRED_DEF_ID);
    expect(within(table).queryByRole('cell', { name: 'attribute' })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Proof of enrolment' })).toBeTruthy();
    const verdict = screen.getAllByRole('status').find((s) => s.textContent?.includes('Verified.'))!;
    expect(verdict.textContent).toContain('No credential in the proof can be revoked');
    expect(verdict.textContent).not.toContain('RMV_GLB_NRI');
    const technical = screen.getByText('Technical details').closest('details')!;
    expect(technical.textContent).toContain('RMV_GLB_NRI');
    expect(technical.textContent).toContain('indy, version 1.0');
  });

  it('says an abandoned exchange in plain words, the agent’s message under Technical details', async () => {
    show({ ...agentPresentation(id), state: 'abandoned', verified: null, error_msg: 'abandoned: Verifier abandoned the exchange' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Abandoned: the verifier gave up on this exchange.');
    const technical = screen.getByText('Technical details').closest('details')!;
    expect(technical.textContent).toContain('abandoned: Verifier abandoned the exchange');
  });
});
