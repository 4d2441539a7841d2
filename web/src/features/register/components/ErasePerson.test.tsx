import type { ErasureAnswer } from '@credence/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installDialogMethods } from '../../../test/dialog';
import { renderPage, type SentRequest } from '../../../test/render-page';
import { ErasePerson, ValuesErasedNote } from './ErasePerson';

installDialogMethods();

const CONNECTION = '11111111-1111-4111-8111-111111111111';
const preview: ErasureAnswer = {
  dry_run: true,
  counts: { exchanges: 2, credentials: 1, batch_rows: 0, audit_entries: 3 },
  names: ['Bob Smith'],
  erased_at: null,
};
const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

describe('erasing a person’s data from Credence', () => {
  it('previews what goes and what stays, says the agent is not touched, then erases exactly that selection', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    renderPage('/issued', '/issued', <ErasePerson selection={{ connection_id: CONNECTION }} />, {
      '/api/config': { username: 'admin', role: 'admin', mode: 'sandbox', wallet: { name: 'w', type: 'askar' } },
      'POST /api/erasures': (request: SentRequest) => {
        const body = request.body as { dry_run: boolean };
        bodies.push(body);
        return json(body.dry_run ? preview : { ...preview, dry_run: false, erased_at: '2027-03-03T04:00:00.000Z' });
      },
      '/api/register': { total: 0, results: [] },
    });
    await user.click(await screen.findByRole('button', { name: 'Erase personal data…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase this person’s data from Credence?' });
    expect(await within(dialog).findByText('Credence knows this person as: Bob Smith')).toBeTruthy();
    expect(within(dialog).getByText('2 exchanges in the register: the name and the values')).toBeTruthy();
    expect(within(dialog).getByText('3 sentences of the audit log that name them')).toBeTruthy();
    expect(within(dialog).queryByText(/rows? of batch/)).toBeNull();
    expect(within(dialog).getByText(/revocation registry and index/)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Remove the connection from the agent' }).getAttribute('href')).toBe(`/connections/${CONNECTION}`);
    await user.click(within(dialog).getByRole('button', { name: 'Erase personal data' }));
    expect(await within(dialog).findByText('Erased: 6 records. No search or export shows this person any more.')).toBeTruthy();
    expect(bodies).toEqual([
      { connection_id: CONNECTION, dry_run: true },
      { connection_id: CONNECTION, dry_run: false },
    ]);
  });

  it('says when and why a row’s values were erased', () => {
    renderPage('/issued', '/issued', <ValuesErasedNote erased={{ at: '2027-03-03T04:00:00.000Z', reason: 'retention', days: 365 }} />, {});
    expect(screen.getByText('Values erased on March 3, 2027: kept 365 days after the exchange ended')).toBeTruthy();
  });
});
