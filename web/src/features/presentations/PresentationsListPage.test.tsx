import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerRow } from '../../test/record-shapes';
import { renderPage } from '../../test/render-page';
import { PresentationsListPage } from './PresentationsListPage';

afterEach(() => vi.unstubAllGlobals());

const proof = (id: string, verified: boolean | null, removed = false) =>
  registerRow(id, {
    kind: 'presentation',
    role: 'verifier',
    state: 'done',
    verified,
    removed_from_agent: removed,
    requested: { name: 'Proof of enrolment', attributes: ['name'], predicates: ['age >= 18'] },
    attributes: [{ name: 'name', value: 'Alice Jones' }],
  });

describe('PresentationsListPage', () => {
  it('names the request, what was proved and the result of every row, and offers the result as a filter', async () => {
    renderPage('/presentations', '/presentations', <PresentationsListPage />, {
      '/api/register/exchanges': {
        total: 2,
        results: [proof('44444444-4444-4444-8444-444444444444', true), proof('55555555-5555-4555-8555-555555555555', false, true)],
      },
      '/api/connections': { results: [] },
    });
    const rows = (await within(await screen.findByRole('table')).findAllByRole('row')).slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/Proof of enrolment.*Name: Alice Jones.*Verified/),
      expect.stringMatching(/Proof of enrolment.*Removed from the agent.*Failed verification/),
    ]);
    expect(screen.getByLabelText('Result')).toBeTruthy();
  });

  it('marks the values of a presentation not yet verified as claimed, under Values rather than Proved', async () => {
    renderPage('/presentations', '/presentations', <PresentationsListPage />, {
      '/api/register/exchanges': { total: 1, results: [{ ...proof('66666666-6666-4666-8666-666666666666', null), state: 'presentation-received' }] },
      '/api/connections': { results: [] },
    });
    const table = await screen.findByRole('table');
    expect(within(table).queryByRole('columnheader', { name: 'Proved' })).toBeNull();
    const [, row] = await within(table).findAllByRole('row');
    expect(row?.textContent).toMatch(/Name: Alice Jones.*claimed, not yet verified/);
  });
});
