import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installDialogMethods } from '../../../test/dialog';
import { renderPage, type SentRequest } from '../../../test/render-page';
import { RetentionPeriod } from './RetentionPeriod';

installDialogMethods();

const DEF = 'WgWxqztrNooG92RXvxSTWv:3:CL:20:student';
const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

describe('a credential’s own retention period', () => {
  it('says the period in force, refuses a period that is not whole days, and saves one for this credential', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    renderPage('/definitions', '/definitions', <RetentionPeriod credDefId={DEF} name="Student ID 1.2" />, {
      '/api/privacy': { store: { kind: 'pglite', where: '/data' }, register_retention_days: 365, audit_retention_days: 365, overrides: [] },
      'PUT /api/privacy/retention': (request: SentRequest) => {
        sent.push(request.body);
        return json({ override: { cred_def_id: DEF, days: 30, updated_at: '2027-03-03T04:00:00.000Z', updated_by: 'admin' } });
      },
    });
    expect(await screen.findByText('Values kept 365 days after the exchange ends')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Keep values… (Student ID 1.2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'How long to keep Student ID 1.2 values' });
    const days = within(dialog).getByLabelText('Days to keep the values after the exchange ends');
    await user.type(days, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Enter a whole number of days, from 1 to 36,500.');
    expect(sent).toEqual([]);
    await user.clear(days);
    await user.type(days, '30');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect.poll(() => sent).toEqual([{ cred_def_id: DEF, days: 30 }]);
  });
});
