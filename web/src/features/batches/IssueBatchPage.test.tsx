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
  counts: { pending: 685, sending: 0, sent: 312, failed: 3 },
  state: 'sending',
  rows_total: 1000,
  rows: [
    { ...row, index: 2, connection_id: 'c1', state: 'sent', cred_ex_id: EXCHANGE, error: null },
    { ...row, index: 3, connection_id: 'c2', state: 'failed', cred_ex_id: null, error: 'Connection c2 not ready' },
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
    const bar = await screen.findByRole('progressbar', { name: '312 of 1,000 sent, 3 failed' });
    expect(bar.getAttribute('value')).toBe('315');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Student ID 1.2 to 1,000 connections');
    expect(screen.getByRole('link', { name: 'Open the exchange of row 2' }).getAttribute('href')).toBe(`/credentials/${EXCHANGE}`);
    const failed = screen.getByText('Connection c2 not ready').closest('tr')!;
    expect(within(failed).getByRole('button', { name: 'Fix row 3' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retry failed rows (3)' }));
    await waitFor(() => expect(sent('POST', `/api/issue-batches/${ID}/retry`)).toHaveLength(1));
  });
});
