import type { BulkRevokePreviewAnswer, BulkRevokeResult, BulkRevokeSelection } from '@credence/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CRED_DEF_ID, SCHEMA_ID } from '../../../test/record-shapes';
import { installDialogMethods } from '../../../test/dialog';
import { problemAnswer, renderPage, type AnswerFunction } from '../../../test/render-page';
import { BulkRevoke } from './BulkRevoke';

installDialogMethods();
afterEach(() => vi.unstubAllGlobals());

const PREVIEW_ONE = '5b0f6f7e-0c43-4d0e-9a52-6d4f2d7f1a01';
const PREVIEW_TWO = '5b0f6f7e-0c43-4d0e-9a52-6d4f2d7f1a02';
const item = (n: number) => ({
  cred_ex_id: `c${n}`,
  holder_label: `Holder ${n}`,
  schema_id: SCHEMA_ID,
  rev_reg_id: 'WgWxqztrNooG92RXvxSTWv:4:WgWxqztrNooG92RXvxSTWv:3:CL:20:default:CL_ACCUM:0',
  cred_rev_id: String(n),
  values: [
    { name: 'given_name', value: `Name ${n}` },
    { name: 'birthdate_dateint', value: '20010415' },
  ],
});
const previewOf = (id: string, n: number): BulkRevokePreviewAnswer => ({
  credentials: Array.from({ length: n }, (_, i) => item(i + 1)),
  holders: n,
  kinds: [{ label: 'Student ID 1.2', count: n }],
  over_cap: false,
  not_revocable: 0,
  not_revocable_capped: false,
  preview_id: id,
  expires_at: '2026-11-02T10:15:00.000Z',
});
const resultOf = (preview: BulkRevokePreviewAnswer): BulkRevokeResult => ({
  preview_id: preview.preview_id!,
  selection: { cred_def_id: CRED_DEF_ID },
  results: preview.credentials.map((c) => ({ ...c, outcome: 'revoked', reason: null })),
  revoked: preview.credentials.length,
  skipped: 0,
  failed: 0,
  repeated: false,
});

function show(selection: BulkRevokeSelection, answers: { preview: AnswerFunction; revoke?: AnswerFunction }) {
  return renderPage('/issued', '/issued', <BulkRevoke selection={selection} />, {
    '/api/config': { username: 'admin', role: 'admin', mode: 'sandbox', wallet: { name: 'w', type: 'askar' } },
    'POST /api/revocation/bulk-revoke/preview': answers.preview,
    ...(answers.revoke && { 'POST /api/revocation/bulk-revoke': answers.revoke }),
    '/api/register': { total: 0, results: [] },
  });
}

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

describe('revoking what a search shows, in bulk', () => {
  it('names the holder of a credential issued at a counter (no connection) by the name it holds, else as the QR-code holder', async () => {
    const user = userEvent.setup();
    const counter = { ...item(1), holder_label: null, values: [{ name: 'name', value: 'Rosa Quintero' }] };
    const unnamed = { ...item(2), holder_label: null, values: [{ name: 'degree', value: 'Law' }] };
    show({ cred_def_id: CRED_DEF_ID }, { preview: () => json({ ...previewOf(PREVIEW_ONE, 2), credentials: [counter, unnamed] }) });
    await user.click(await screen.findByRole('button', { name: 'Revoke all shown…' }));
    const list = await within(await screen.findByRole('dialog')).findByRole('list', { name: 'Credentials to revoke' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Rosa Quintero — Student ID 1.2 · Name: Rosa Quintero', 'The holder of the QR-code credential — Student ID 1.2 · Degree: Law']);
  });

  it('names each credential by its holder, the credential and two of its values; the registry and index are under Technical details', async () => {
    const user = userEvent.setup();
    const shown = previewOf(PREVIEW_ONE, 2);
    show({ cred_def_id: CRED_DEF_ID }, { preview: () => json(shown) });
    await user.click(await screen.findByRole('button', { name: 'Revoke all shown…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke these credentials?' });
    const list = await within(dialog).findByRole('list', { name: 'Credentials to revoke' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Holder 1 — Student ID 1.2 · Given name: Name 1 · Birthdate: 15 Apr 2001',
      'Holder 2 — Student ID 1.2 · Given name: Name 2 · Birthdate: 15 Apr 2001',
    ]);
    expect(list.textContent).not.toContain('CL_ACCUM');
    const technical = within(dialog).getByText('Technical details').closest('details')!;
    expect(technical.open).toBe(false);
    expect(technical.textContent).toContain(
      'Holder 1: registry WgWxqztrNooG92RXvxSTWv:4:WgWxqztrNooG92RXvxSTWv:3:CL:20:default:CL_ACCUM:0, credential revocation id 1',
    );
  });

  it('revokes exactly the preview it showed: its id and the number of credentials listed', async () => {
    const user = userEvent.setup();
    const shown = previewOf(PREVIEW_ONE, 3);
    const page = show({ cred_def_id: CRED_DEF_ID }, { preview: () => json(shown), revoke: () => json(resultOf(shown)) });
    await user.click(await screen.findByRole('button', { name: 'Revoke all shown…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke these credentials?' });
    const list = await within(dialog).findByRole('list', { name: 'Credentials to revoke' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(page.sent('POST', '/api/revocation/bulk-revoke/preview')[0]!.body).toEqual({ cred_def_id: CRED_DEF_ID });

    await user.click(within(dialog).getByRole('button', { name: 'Revoke 3 credentials' }));
    expect(await within(dialog).findByText('Revoked 3, pending publication.', { exact: false })).toBeTruthy();
    expect(page.sent('POST', '/api/revocation/bulk-revoke').map((r) => r.body)).toEqual([{ preview_id: PREVIEW_ONE, expected_count: 3 }]);
  });

  it('says when the selection changed since the preview, and previews again before revoking', async () => {
    const user = userEvent.setup();
    const previews = [previewOf(PREVIEW_ONE, 4), previewOf(PREVIEW_TWO, 3)];
    const page = show(
      { q: 'Smith' },
      {
        preview: () => json(previews.shift()),
        revoke: (request) =>
          (request.body as { preview_id: string }).preview_id === PREVIEW_ONE
            ? problemAnswer(409, 'The selection changed since the preview: 3 credentials match now, not 4. Preview again.')
            : json(resultOf(previewOf(PREVIEW_TWO, 3))),
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Revoke all shown…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke these credentials?' });
    await user.click(await within(dialog).findByRole('button', { name: 'Revoke 4 credentials' }));
    expect(await within(dialog).findByText('The selection changed since the preview: 3 credentials match now, not 4. Preview again.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /^Revoke \d/ })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Preview again' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Revoke 3 credentials' }));
    expect(await within(dialog).findByText('Revoked 3, pending publication.', { exact: false })).toBeTruthy();
    expect(page.sent('POST', '/api/revocation/bulk-revoke').map((r) => r.body)).toEqual([
      { preview_id: PREVIEW_ONE, expected_count: 4 },
      { preview_id: PREVIEW_TWO, expected_count: 3 },
    ]);
  });

  it('with nothing chosen, says what to choose and asks the server nothing', async () => {
    const user = userEvent.setup();
    const page = show({}, { preview: () => json(previewOf(PREVIEW_ONE, 500)) });
    await user.click(await screen.findByRole('button', { name: 'Revoke all shown…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke these credentials?' });
    expect(within(dialog).getByText(/^Choose what to revoke first/)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /^Revoke \d/ })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(page.sent('POST', '/api/revocation/bulk-revoke/preview')).toEqual([]);
  });
});
