import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { agentPresentation, specPresentation } from '../../test/record-shapes';
import { problemAnswer, renderPage } from '../../test/render-page';
import { PresentationDetailPage } from './PresentationDetailPage';

afterEach(() => vi.unstubAllGlobals());

const id = '44444444-4444-4444-8444-444444444444';

describe('PresentationDetailPage', () => {
  it.each([
    ['ACA-Py’s shape (pres_request is the whole message)', agentPresentation(id)],
    ['the spec’s shape', specPresentation(id)],
  ])('shows what was asked, what was shown and the verdict for %s', async (_, record) => {
    renderPage('/presentations/:presExId', `/presentations/${id}`, <PresentationDetailPage />, {
      [`/api/present-proof-2.0/records/${id}`]: record,
      '/api/connections': { results: [] },
      '/api/config': { username: 'verifier', role: 'verifier', mode: 'sandbox', wallet: { name: 'w', type: 'askar' } },
    });
    await screen.findByRole('heading', { level: 1, name: 'Proof request' });
    expect(screen.getAllByText(/Verified/).length).toBeGreaterThan(0);
    expect(screen.getByText('Alice Jones')).toBeTruthy();
    expect(document.body.textContent).toContain('name');
  });

  it('says plainly that there is no such exchange for an unknown id', async () => {
    renderPage('/presentations/:presExId', '/presentations/nope', <PresentationDetailPage />, {
      '/api/present-proof-2.0/records/nope': () => problemAnswer(400, 'Invalid path: path.pres_ex_id'),
      '/api/connections': { results: [] },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'No presentation exchange with this id' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All presentation exchanges' }).getAttribute('href')).toBe('/presentations');
  });
});
