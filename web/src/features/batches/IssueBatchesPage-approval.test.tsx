import type { IssueBatchPreview } from '@credence/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonAnswer, renderPage } from '../../test/render-page';
import { IssueBatchesPage } from './IssueBatchesPage';

afterEach(() => vi.unstubAllGlobals());

const CRED_DEF_ID = 'WgWxqztrNooG92RXvxSTWv:3:CL:20:default';
const SCHEMA_ID = 'WgWxqztrNooG92RXvxSTWv:2:Student ID:1.2';
const APPROVAL = '0e1c0b4c-5717-4562-b3fc-2c963f66afa6';
const row = {
  index: 2,
  connection: 'Bob Smith',
  connection_id: 'c1',
  connection_label: 'Bob Smith',
  attributes: [{ name: 'name', value: 'Bob' }],
  problems: [],
  warnings: [],
};
const preview: IssueBatchPreview = {
  cred_def_id: CRED_DEF_ID,
  schema_id: SCHEMA_ID,
  credential_name: 'Student ID 1.2',
  attributes: ['name'],
  file_problems: [],
  rows: [row],
  row_count: 1,
  rows_with_problems: 0,
  max_rows: 10_000,
  max_bytes: 2 * 1024 * 1024,
  earlier_batch: null,
};
const fileOf = (csv: string) => Object.assign(new File([csv], 'members.csv', { type: 'text/csv' }), { text: () => Promise.resolve(csv) });

describe('issuing to many with APPROVALS=bulk-issue', { timeout: 20_000 }, () => {
  it('asks for approval instead of sending, and then says the file waits for an admin', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = renderPage('/credentials/batches', `/credentials/batches?cred_def_id=${encodeURIComponent(CRED_DEF_ID)}`, <IssueBatchesPage />, {
      '/api/config': { username: 'issuer', role: 'issuer', mode: 'agent', wallet: { name: 'w', type: 'askar' }, approvals: ['bulk-issue'] },
      '/api/issue-batches': { results: [] },
      '/api/credential-definitions/created': { credential_definition_ids: [CRED_DEF_ID] },
      [`/api/credential-definitions/${encodeURIComponent(CRED_DEF_ID)}`]: {
        credential_definition: { id: CRED_DEF_ID, schemaId: '20', tag: 'default', ver: '1.0', value: { primary: {} } },
      },
      '/api/schemas/20': { schema: { id: SCHEMA_ID, name: 'Student ID', version: '1.2', attrNames: ['name'], seqNo: 20, ver: '1.0' } },
      'POST /api/issue-batches/preview': preview,
      'POST /api/issue-batches': () => jsonAnswer({ approval_id: APPROVAL }, 202),
    });
    const definition = await screen.findByLabelText<HTMLSelectElement>('Credential to issue');
    await vi.waitFor(() => expect(definition.value).toBe(CRED_DEF_ID));
    await user.upload(screen.getByLabelText('Filled-in file (CSV)'), fileOf('connection,name\nBob Smith,Bob\n'));
    await user.click(await screen.findByRole('button', { name: 'Ask for approval' }));
    expect(await screen.findByText('Asked for approval.')).toBeTruthy();
    expect(sent('POST', '/api/issue-batches')[0]!.body).toMatchObject({ cred_def_id: CRED_DEF_ID, file_name: 'members.csv' });
    expect(screen.queryByRole('button', { name: /^Send / })).toBeNull();
  });
});
