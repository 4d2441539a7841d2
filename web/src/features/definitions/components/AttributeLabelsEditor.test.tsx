import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CRED_DEF_ID, SCHEMA_ID } from '../../../test/record-shapes';
import { renderPage } from '../../../test/render-page';
import { DefinitionsPage } from '../DefinitionsPage';

afterEach(() => vi.unstubAllGlobals());

const at = '2026-11-27T10:00:00.000Z';

function showDefinitions(role: 'admin' | 'issuer') {
  return renderPage('/definitions', '/definitions', <DefinitionsPage />, {
    '/api/config': { username: role, role, mode: 'agent', wallet: { name: 'w', type: 'askar' } },
    '/api/credential-definitions/created': { credential_definition_ids: [CRED_DEF_ID] },
    [`/api/credential-definitions/${encodeURIComponent(CRED_DEF_ID)}`]: {
      credential_definition: { id: CRED_DEF_ID, schemaId: '20', tag: 'default', ver: '1.0', value: { primary: {} } },
    },
    '/api/schemas/created': { schema_ids: [SCHEMA_ID] },
    '/api/schemas/': {
      schema: { id: SCHEMA_ID, name: 'Student ID', version: '1.2', attrNames: ['full_name', 'birthdate_dateint', 'student_id'], seqNo: 20, ver: '1.0' },
    },
    '/api/attribute-labels': {
      results: [
        {
          cred_def_id: CRED_DEF_ID,
          attributes: [{ name: 'full_name', label: 'Name of the student', kind: 'text' }],
          source: 'manual',
          updated_at: at,
          updated_by: 'admin',
        },
      ],
    },
    'PUT /api/attribute-labels': ({ body }: { body: unknown }) =>
      Response.json({ ...(body as object), source: (body as { source: string }).source, updated_at: at, updated_by: 'admin' }),
  });
}

const bundle = {
  capture_base: { type: 'spec/capture_base/1.0', attributes: { full_name: 'Text', birthdate_dateint: 'DateInt', photo: 'Binary' } },
  overlays: [
    { type: 'spec/overlays/label/1.0', language: 'en', attribute_labels: { full_name: 'Full name', birthdate_dateint: 'Date of birth' } },
    { type: 'spec/overlays/format/1.0', attribute_formats: { birthdate_dateint: 'YYYYMMDD' } },
  ],
};

describe('attribute labels on /definitions', { timeout: 20_000 }, () => {
  it('lists each attribute by its label (set, or derived from the name) and offers the credential from its row', async () => {
    showDefinitions('issuer');
    const labels = await screen.findByText('Name of the student', {}, { timeout: 5_000 });
    const list = within(labels.closest('ul')!);
    expect(list.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Name of the student', 'Birthdate · date', 'Student ID']);
    expect(screen.getByRole('link', { name: 'Offer Student ID 1.2' }).getAttribute('href')).toBe(
      `/credentials/new?definition=${encodeURIComponent(CRED_DEF_ID)}`,
    );
    // Only an admin sets them.
    expect(screen.queryByRole('button', { name: 'Labels of Student ID 1.2' })).toBeNull();
  });

  it('lets an admin type labels and kinds, or import them from an OCA bundle, and saves them', async () => {
    const user = userEvent.setup({ delay: null });
    const page = showDefinitions('admin');
    await user.click(await screen.findByRole('button', { name: 'Labels of Student ID 1.2' }, { timeout: 5_000 }));
    expect(screen.getByLabelText<HTMLInputElement>('Label of full_name').value).toBe('Name of the student');
    expect(screen.getByLabelText<HTMLInputElement>('Label of student_id').placeholder).toBe('Student ID');
    expect(screen.getByLabelText<HTMLSelectElement>('Kind of birthdate_dateint').value).toBe('date');

    // A file that is no bundle: said plainly, nothing changed.
    const input = screen.getByLabelText('Import from an OCA bundle (JSON, optional)');
    await user.upload(input, new File(['{"overlays": []}'], 'x.json', { type: 'application/json' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^This file is not an OCA bundle for this credential; nothing was imported\..*capture_base/);
    expect(screen.getByLabelText<HTMLInputElement>('Label of full_name').value).toBe('Name of the student');

    await user.upload(input, new File([JSON.stringify([bundle])], 'OCABundle.json', { type: 'application/json' }));
    expect((await screen.findByText(/^Imported 2 labels/)).textContent).toBe(
      'Imported 2 labels (language: en) and the kinds. The bundle says nothing of student_id: its label is derived from the name. Not in this credential, so left out: photo. Check them, then save.',
    );
    expect(screen.getByLabelText<HTMLInputElement>('Label of birthdate_dateint').value).toBe('Date of birth');
    await user.click(screen.getByRole('button', { name: 'Save labels' }));
    await waitFor(() => expect(page.sent('PUT', '/api/attribute-labels')).toHaveLength(1));
    expect(page.sent('PUT', '/api/attribute-labels')[0]!.body).toEqual({
      cred_def_id: CRED_DEF_ID,
      source: 'oca',
      attributes: [
        { name: 'full_name', label: 'Full name', kind: 'text' },
        { name: 'birthdate_dateint', label: 'Date of birth', kind: 'date' },
        { name: 'student_id', label: '', kind: 'text' },
      ],
    });

    // Typed by hand: a label and a kind.
    await user.click(await screen.findByRole('button', { name: 'Labels of Student ID 1.2' }, { timeout: 5_000 }));
    await user.type(screen.getByLabelText('Label of student_id'), 'Student number');
    await user.selectOptions(screen.getByLabelText('Kind of student_id'), 'Number');
    await user.click(screen.getByRole('button', { name: 'Save labels' }));
    await waitFor(() => expect(page.sent('PUT', '/api/attribute-labels')).toHaveLength(2));
    expect(page.sent('PUT', '/api/attribute-labels')[1]!.body).toMatchObject({
      source: 'manual',
      attributes: expect.arrayContaining([{ name: 'student_id', label: 'Student number', kind: 'number' }]),
    });
  });
});
