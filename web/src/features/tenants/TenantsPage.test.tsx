import type { TenantList, TenantSummary } from '@credence/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDialogMethods } from '../../test/dialog';
import { jsonAnswer, problemAnswer, renderPage } from '../../test/render-page';
import { TenantsPage } from './TenantsPage';

beforeAll(installDialogMethods);
afterEach(() => vi.unstubAllGlobals());

const WEBHOOK = 'http://console.example/webhooks';
const tenant = (over: Partial<TenantSummary>): TenantSummary => ({
  walletId: 'w-north',
  label: 'Northfield University',
  walletType: 'askar-anoncreds',
  dispatch: 'default',
  webhookUrls: [WEBHOOK],
  events: 'yes',
  access: 'adopted',
  createdAt: '2026-11-01T09:00:00Z',
  users: 3,
  lastActivity: null,
  removedAt: null,
  ...over,
});
const list = (tenants: TenantSummary[]): TenantList => ({ tenants, webhookUrl: WEBHOOK, baseReachesCredence: 'no' });

const show = (answers: Record<string, unknown>) => renderPage('/tenants', '/tenants', <TenantsPage />, answers);

describe('the operator’s tenants page', () => {
  it('names each wallet type in words, marks askar deprecated, and warns when a tenant’s events miss Credence, saying how to fix it', async () => {
    show({
      '/api/tenants': list([
        tenant({}),
        tenant({ walletId: 'w-city', label: 'City Library', walletType: 'askar', dispatch: 'base', webhookUrls: [], events: 'no', access: 'refused' }),
      ]),
    });
    const city = await screen.findByRole('listitem', { name: 'City Library' });
    expect(within(city).getByText('Askar, legacy')).toBeTruthy();
    expect(within(city).getByText('deprecated')).toBeTruthy();
    expect(within(city).getByText(/Credence does not receive this organisation’s events/)).toBeTruthy();
    expect(within(city).getByText(/--webhook-url http:\/\/console.example\/webhooks#<WEBHOOK_SECRET>/)).toBeTruthy();
    expect(within(city).getByText(/someone issued a new access key elsewhere — reconnect/)).toBeTruthy();
    expect(within(city).getByRole('button', { name: 'Reconnect…' })).toBeTruthy();
    const north = screen.getByRole('listitem', { name: 'Northfield University' });
    expect(within(north).getByText('Askar with AnonCreds')).toBeTruthy();
    expect(within(north).queryByText(/does not receive/)).toBeNull();
    // The wallet id waits under Technical details.
    expect(within(north).getByText('w-north').closest('details')!.open).toBe(false);
  });

  it('creates a tenant with askar-anoncreds unless another type is chosen, and says so in the dialog when the name is in use', async () => {
    const user = userEvent.setup();
    const { requests } = show({
      '/api/tenants': list([]),
      'POST /api/tenants': () =>
        problemAnswer(409, 'A tenant named Harbour Clinic exists already: choose another name.', {
          errors: [{ path: 'body.label', message: 'is the name of another tenant' }],
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Create tenant' }));
    const dialog = screen.getByRole('dialog', { name: 'Create a tenant' });
    await user.type(within(dialog).getByLabelText('Organisation name'), 'Harbour Clinic');
    expect(within(dialog).getByRole('radio', { name: /Askar with AnonCreds/ })).toHaveProperty('checked', true);
    await user.click(within(dialog).getByRole('button', { name: 'Create tenant' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ label: 'Harbour Clinic', walletType: 'askar-anoncreds' }));
    expect(await within(dialog).findByText('A tenant named Harbour Clinic exists already: choose another name.')).toBeTruthy();
  });

  it('removes a tenant only once its name is typed, with the records kept or erased as chosen', async () => {
    const user = userEvent.setup();
    const { requests } = show({
      '/api/tenants': list([tenant({})]),
      'POST /api/tenants/w-north/remove': () => jsonAnswer(null),
    });
    await user.click(await screen.findByRole('button', { name: 'Remove…' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Northfield University?' });
    expect(within(dialog).getByText(/it cannot be undone/)).toBeTruthy();
    const remove = within(dialog).getByRole('button', { name: 'Remove tenant (irreversible)' });
    expect(remove).toHaveProperty('disabled', true);
    await user.click(within(dialog).getByRole('radio', { name: 'Erase them' }));
    await user.type(within(dialog).getByLabelText(/Type the organisation’s name/), 'Northfield University');
    expect(remove).toHaveProperty('disabled', false);
    await user.click(remove);
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ confirmLabel: 'Northfield University', records: 'erase' }));
  });

  it('offers a removed tenant’s kept records as CSV files, and erasing them with its name typed', async () => {
    const user = userEvent.setup();
    const { requests } = show({
      '/api/tenants': list([tenant({ access: 'removed', walletType: null, removedAt: '2026-11-27T10:00:00Z' })]),
      'POST /api/tenants/w-north/remove': () => jsonAnswer(null),
    });
    const card = await screen.findByRole('listitem', { name: 'Northfield University' });
    expect(within(card).getByRole('link', { name: 'Audit log (CSV)' }).getAttribute('href')).toMatch(/^\/api\/tenants\/w-north\/export\/audit\?tz=/);
    await user.click(within(card).getByRole('button', { name: 'Erase its records…' }));
    const dialog = screen.getByRole('dialog', { name: 'Erase the records of Northfield University?' });
    await user.type(within(dialog).getByLabelText(/Type the organisation’s name/), 'Northfield University');
    await user.click(within(dialog).getByRole('button', { name: 'Erase records (irreversible)' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ confirmLabel: 'Northfield University', records: 'erase' }));
  });

  it('asks before adopting a wallet made elsewhere, saying its other controllers are logged out', async () => {
    const user = userEvent.setup();
    const { requests } = show({
      '/api/tenants': list([tenant({ access: 'not-adopted' })]),
      'POST /api/tenants/w-north/adopt': tenant({}),
    });
    await user.click(await screen.findByRole('button', { name: 'Adopt…' }));
    const dialog = screen.getByRole('dialog', { name: 'Adopt Northfield University?' });
    expect(within(dialog).getByText(/is logged out of it/)).toBeTruthy();
    const adopt = within(dialog).getByRole('button', { name: 'Adopt' });
    expect(adopt).toHaveProperty('disabled', true);
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(adopt);
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ confirm: true }));
  });
});
