import type { ProofTemplateDetail } from '@credence/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDialogMethods } from '../../test/dialog';
import { jsonAnswer, problemAnswer, renderPage, type SentRequest } from '../../test/render-page';
import { TemplatePage } from './TemplatePage';
import { TemplatesPage } from './TemplatesPage';

beforeAll(installDialogMethods);
afterEach(() => vi.unstubAllGlobals());

const ID = '77777777-7777-4777-8777-777777777777';
const request = {
  indy: {
    name: 'Age check',
    version: '1.0',
    requested_attributes: { '0_name_uuid': { name: 'name', restrictions: [{ schema_name: 'Student ID' }] } },
    requested_predicates: { '0_age_GE_uuid': { name: 'age', p_type: '>=' as const, p_value: 18 } },
  },
};
const v1 = { version: 1, name: 'Bar entry', description: null, presentation_request: request, saved_at: '2026-11-20T09:00:00.000Z', saved_by: 'verifier' };
const template: ProofTemplateDetail = {
  id: ID,
  name: 'Bar entry',
  description: null,
  presentation_request: request,
  version: 1,
  created_at: v1.saved_at,
  created_by: 'verifier',
  updated_at: v1.saved_at,
  updated_by: 'verifier',
  versions: [v1],
};

describe('the proof templates pages', { timeout: 20_000 }, () => {
  it('lists every template with what it asks for, its version and who changed it last', async () => {
    renderPage('/templates', '/templates', <TemplatesPage />, { '/api/proof-templates': { results: [{ ...template, description: 'Over 18' }] } });
    const row = (await screen.findByRole('link', { name: 'Bar entry' })).closest('tr')!;
    expect(row.getAttribute('href') ?? within(row).getByRole('link').getAttribute('href')).toBe(`/templates/${ID}`);
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Bar entryOver 18', 'name; age >= 18', '1', expect.stringMatching(/ by verifier$/) as unknown]);
  });

  it('says how to make the first one', async () => {
    renderPage('/templates', '/templates', <TemplatesPage />, { '/api/proof-templates': { results: [] } });
    expect(await screen.findByRole('heading', { name: 'No templates yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Build a new request' }).getAttribute('href')).toBe('/presentations/new');
  });

  it('shows what a template asks for, renames it as version 2 and lists both versions', async () => {
    const user = userEvent.setup({ delay: null });
    const v2 = { ...v1, version: 2, name: 'Bar entry', description: 'At the door', saved_by: 'verifier', saved_at: '2026-11-21T09:00:00.000Z' };
    const saved = { ...template, description: 'At the door', version: 2, updated_at: v2.saved_at, versions: [v2, v1] };
    const { sent } = renderPage(
      '/templates/:templateId',
      `/templates/${ID}`,
      <TemplatePage />,
      {
        [`/api/proof-templates/${ID}`]: template,
        [`PUT /api/proof-templates/${ID}`]: (r: SentRequest) => (r.body ? jsonAnswer(saved) : problemAnswer(400, 'no body')),
      },
      { toasts: true },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Bar entry' })).toBeTruthy();
    const asks = within(screen.getByRole('region', { name: 'What it asks for' }));
    expect(asks.getAllByRole('listitem').map((i) => i.textContent)).toEqual(['Show name — from schema name Student ID', 'Prove age ≥ 18 without showing it']);
    expect(screen.getByRole('link', { name: 'Open in the request builder' }).getAttribute('href')).toBe(`/presentations/new?template=${ID}`);
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Save as version 2' });
    expect(save.disabled).toBe(true);

    await user.type(screen.getByLabelText('Description (optional)'), 'At the door');
    await user.click(save);
    await waitFor(() => expect(sent('PUT', `/api/proof-templates/${ID}`)).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Save as version 3' })).toBeTruthy();
    expect(sent('PUT', `/api/proof-templates/${ID}`).map((r) => r.body)).toEqual([
      { name: 'Bar entry', description: 'At the door', presentation_request: request, version: 1 },
    ]);
    const versions = [...screen.getByRole('region', { name: 'Versions' }).querySelectorAll('summary')];
    expect(versions.map((v) => v.textContent)).toEqual([
      expect.stringMatching(/^Version 2 \(current\) · .* by verifier$/) as unknown,
      expect.stringMatching(/^Version 1 · .* by verifier$/) as unknown,
    ]);
    expect(screen.getByLabelText<HTMLTextAreaElement>('Description (optional)').value).toBe('At the door');
  });

  it('says when someone saved a newer version first, and offers it', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage('/templates/:templateId', `/templates/${ID}`, <TemplatePage />, {
      [`/api/proof-templates/${ID}`]: template,
      [`PUT /api/proof-templates/${ID}`]: () =>
        problemAnswer(409, 'This template was changed by admin since you opened it.', {
          errors: [{ path: 'body.version', message: 'Version 2 is the latest' }],
        }),
    });
    await user.type(await screen.findByLabelText('Name'), ' (door)');
    await user.click(screen.getByRole('button', { name: 'Save as version 2' }));
    expect((await screen.findByRole('alert')).textContent).toContain('changed by admin');
    expect(screen.getByRole('button', { name: 'Show the latest version' })).toBeTruthy();
  });

  it('deletes a template only once confirmed, then goes back to the list', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent, router } = renderPage(
      '/templates/:templateId',
      `/templates/${ID}`,
      <TemplatePage />,
      { [`/api/proof-templates/${ID}`]: template, [`DELETE /api/proof-templates/${ID}`]: () => new Response(null, { status: 204 }) },
      { toasts: true, routes: [{ path: '/templates', element: <h1>All templates</h1> }] },
    );
    await user.click(await screen.findByRole('button', { name: 'Delete…' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete “Bar entry”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(sent('DELETE', `/api/proof-templates/${ID}`)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete…' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete template' }));
    expect(await screen.findByRole('heading', { name: 'All templates' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/templates'));
    expect(sent('DELETE', `/api/proof-templates/${ID}`)).toHaveLength(1);
    expect(screen.getByText('Template “Bar entry” deleted')).toBeTruthy();
  });
});
