import type { IssueBatchDetail } from '@credence/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonAnswer, renderPage } from '../../test/render-page';
import { IssueBatchPage } from './IssueBatchPage';

afterEach(() => vi.unstubAllGlobals());

const ID = '88888888-8888-4888-8888-888888888888';
const EXCHANGE = '99999999-9999-4999-8999-999999999999';
const row = { connection_label: 'Bob Smith', attributes: [{ name: 'name', value: 'Bob' }], attempts: 1, updated_at: '2026-11-23T10:00:00.000Z' };
const batch: IssueBatchDetail = {
  id: ID,
  created_at: '2026-11-23T10:00:00.000Z',
  created_by: 'alice',
  cred_def_id: 'WgWxqztrNooG92RXvxSTWv:3:CL:20:default',
  schema_id: 'WgWxqztrNooG92RXvxSTWv:2:Student ID:1.2',
  credential_name: 'Student ID 1.2',
  file_name: 'class.csv',
  row_count: 1000,
  counts: { pending: 684, sending: 0, sent: 312, failed: 3, 'needs-fix': 1, issued: 300 },
  state: 'sending',
  rows_total: 1000,
  rows: [
    { ...row, index: 2, connection_id: 'c1', connection_cell: null, state: 'sent', cred_ex_id: EXCHANGE, error: null, exchange_state: 'done' },
    { ...row, index: 3, connection_id: 'c2', connection_cell: null, state: 'failed', cred_ex_id: null, error: 'Connection c2 not ready', exchange_state: null },
    {
      ...row,
      index: 4,
      connection_id: null,
      connection_label: null,
      connection_cell: 'Bob Smyth',
      state: 'needs-fix',
      cred_ex_id: null,
      error: 'There is no connection with the id or label “Bob Smyth”.',
      exchange_state: null,
    },
  ],
};

describe('a batch’s page', { timeout: 20_000 }, () => {
  it('shows the progress as a labelled bar, links a sent row to its exchange, says why a row failed and retries the failed rows', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = renderPage('/credentials/batches/:batchId', `/credentials/batches/${ID}`, <IssueBatchPage />, {
      [`/api/issue-batches/${ID}`]: batch,
      '/api/connections': { results: [] },
      [`POST /api/issue-batches/${ID}/retry`]: () => jsonAnswer({ ...batch, rows: undefined }),
    });
    const bar = await screen.findByRole('progressbar', { name: '312 of 1,000 sent, 300 issued, 3 failed, 1 to fix' });
    expect(bar.getAttribute('value')).toBe('316');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Student ID 1.2 to 1,000 connections');
    expect(screen.getByRole('link', { name: 'Open the exchange of row 2' }).getAttribute('href')).toBe(`/credentials/${EXCHANGE}`);
    const failed = screen.getByText('Connection c2 not ready').closest('tr')!;
    expect(within(failed).getByRole('button', { name: 'Fix row 3' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retry failed rows (3)' }));
    await waitFor(() => expect(sent('POST', `/api/issue-batches/${ID}/retry`)).toHaveLength(1));
  });

  it('says which sent rows were issued, and keeps a bad row of the file to fix: fixed, it is sent', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = renderPage('/credentials/batches/:batchId', `/credentials/batches/${ID}`, <IssueBatchPage />, {
      [`/api/issue-batches/${ID}`]: { ...batch, state: 'done', counts: { ...batch.counts, pending: 0 } },
      '/api/connections': {
        results: [{ connection_id: '11111111-1111-4111-8111-111111111111', their_label: 'Bob Smith', state: 'active', created_at: '', updated_at: '' }],
      },
      [`PUT /api/issue-batches/${ID}/rows/4`]: () => jsonAnswer({ ...batch.rows[2], state: 'pending' }),
    });
    const issued = (await screen.findByRole('link', { name: 'Open the exchange of row 2' })).closest('tr')!;
    expect(within(issued).getByText('Issued')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'To fix (1)' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(/^1 row was kept for fixing, not sent: fix it and it is sent\. 3 rows failed/);
    const toFix = screen.getByText('There is no connection with the id or label “Bob Smyth”.').closest('tr')!;
    expect(within(toFix).getByText('Bob Smyth')).toBeTruthy();
    expect(within(toFix).getByText('To fix')).toBeTruthy();
    await user.click(within(toFix).getByRole('button', { name: 'Fix row 4' }));
    const form = screen.getByRole('form', { name: 'Fix row 4' });
    await within(form).findByRole('option', { name: 'Bob Smith' });
    await user.selectOptions(within(form).getByLabelText('Connection of row 4'), '11111111-1111-4111-8111-111111111111');
    await user.click(within(form).getByRole('button', { name: 'Save row 4' }));
    await waitFor(() => expect(sent('PUT', `/api/issue-batches/${ID}/rows/4`)).toHaveLength(1));
    expect(sent('PUT', `/api/issue-batches/${ID}/rows/4`)[0]!.body).toEqual({ connection: '11111111-1111-4111-8111-111111111111', attributes: row.attributes });
  });
});
