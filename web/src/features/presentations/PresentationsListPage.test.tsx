import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { agentPresentation, specPresentation } from '../../test/record-shapes';
import { renderPage } from '../../test/render-page';
import { PresentationsListPage } from './PresentationsListPage';

afterEach(() => vi.unstubAllGlobals());

describe('PresentationsListPage', () => {
  it('names the request of every row in ACA-Py’s shape and the spec’s alike', async () => {
    renderPage('/presentations', '/presentations', <PresentationsListPage />, {
      '/api/present-proof-2.0/records': {
        results: [agentPresentation('44444444-4444-4444-8444-444444444444'), specPresentation('55555555-5555-4555-8555-555555555555')],
      },
      '/api/connections': { results: [] },
    });
    const rows = (await within(await screen.findByRole('table')).findAllByRole('row')).slice(1);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.textContent).toContain('Proof of enrolment');
  });
});
