import type { ProofTemplate, ProofTemplateVersionSummary } from '@credence/shared';
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
const v1: ProofTemplateVersionSummary = { version: 1, name: 'Bar entry', description: null, saved_at: '2026-11-20T09:00:00.000Z', saved_by: 'verifier' };
const template: ProofTemplate = {
  id: ID,
  name: 'Bar entry',
  description: null,
  presentation_request: request,
  rules: {},
  version: 1,
  created_at: v1.saved_at,
  created_by: 'verifier',
  updated_at: v1.saved_at,
  updated_by: 'verifier',
};
const summary = { id: ID, name: 'Bar entry', description: null, asks: 'name; age >= 18', version: 1, updated_at: v1.saved_at, updated_by: 'verifier' };
const versionsPath = `/api/proof-templates/${ID}/versions`;

/** `count` templates named "Template 001"…, answered a page at a time as the BFF pages them. */
function manyTemplates(count: number) {
  return (r: SentRequest) => {
    const query = new URL(r.url, 'http://console').searchParams;
    const [limit, offset] = [Number(query.get('limit')), Number(query.get('offset'))];
    const results = Array.from({ length: Math.max(0, Math.min(limit, count - offset)) }, (_, i) => ({
      ...summary,
      id: `77777777-7777-4777-8777-${String(offset + i).padStart(12, '0')}`,
      name: `Template ${String(offset + i + 1).padStart(3, '0')}`,
    }));
    return jsonAnswer({ total: count, results });
  };
}

describe('the proof templates pages', { timeout: 20_000 }, () => {
  it('lists every template with what it asks for, its version and who changed it last', async () => {
    renderPage('/templates', '/templates', <TemplatesPage />, { '/api/proof-templates': { total: 1, results: [{ ...summary, description: 'Over 18' }] } });
    const row = (await screen.findByRole('link', { name: 'Bar entry' })).closest('tr')!;
    expect(row.getAttribute('href') ?? within(row).getByRole('link').getAttribute('href')).toBe(`/templates/${ID}`);
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Bar entryOver 18', 'name; age >= 18', '1', expect.stringMatching(/ by verifier$/) as unknown]);
    // One page holds them all: no pager.
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('shows 60 templates 25 at a time, the page in the address, asking the console for one page only', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests, router } = renderPage('/templates', '/templates', <TemplatesPage />, { '/api/proof-templates': manyTemplates(60) });
    expect(await screen.findByRole('link', { name: 'Template 001' })).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(26);
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByText('1–25 of 60')).toBeTruthy();

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Template 026' })).toBeTruthy();
    expect(within(pages).getByText('26–50 of 60')).toBeTruthy();
    expect(router.state.location.search).toBe('?offset=25');

    await user.selectOptions(within(pages).getByLabelText('Per page'), '50');
    expect(await screen.findByRole('link', { name: 'Template 050' })).toBeTruthy();
    expect(router.state.location.search).toBe('?size=50');
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Template 060' })).toBeTruthy();
    expect(within(pages).getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(true);
    expect(requests.map((r) => r.url)).toEqual([
      '/api/proof-templates?limit=25&offset=0',
      '/api/proof-templates?limit=25&offset=25',
      '/api/proof-templates?limit=50&offset=0',
      '/api/proof-templates?limit=50&offset=50',
    ]);
  });

  it('opens on the page in its address', async () => {
    renderPage('/templates', '/templates?offset=50', <TemplatesPage />, { '/api/proof-templates': manyTemplates(60) });
    expect(await screen.findByRole('link', { name: 'Template 051' })).toBeTruthy();
    expect(screen.getByText('51–60 of 60')).toBeTruthy();
  });

  it('says how to make the first one', async () => {
    renderPage('/templates', '/templates', <TemplatesPage />, { '/api/proof-templates': { total: 0, results: [] } });
    expect(await screen.findByRole('heading', { name: 'No templates yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Build a new request' }).getAttribute('href')).toBe('/presentations/new');
  });

  it('shows what a template asks for, renames it as version 2 and lists both versions', async () => {
    const user = userEvent.setup({ delay: null });
    const v2 = { ...v1, version: 2, name: 'Bar entry', description: 'At the door', saved_by: 'verifier', saved_at: '2026-11-21T09:00:00.000Z' };
    const saved = { ...template, description: 'At the door', version: 2, updated_at: v2.saved_at };
    let versions = { total: 1, results: [v1] };
    const { sent } = renderPage(
      '/templates/:templateId',
      `/templates/${ID}`,
      <TemplatePage />,
      {
        [`/api/proof-templates/${ID}`]: template,
        [versionsPath]: () => jsonAnswer(versions),
        [`PUT /api/proof-templates/${ID}`]: (r: SentRequest) => {
          versions = { total: 2, results: [v2, v1] };
          return r.body ? jsonAnswer(saved) : problemAnswer(400, 'no body');
        },
      },
      { toasts: true },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Bar entry' })).toBeTruthy();
    const asks = within(screen.getByRole('region', { name: 'What it asks for' }));
    expect(asks.getAllByRole('listitem').map((i) => i.textContent)).toEqual([
      'Show Name — from schema name Student ID',
      'Prove Age at least 18 without showing it',
    ]);
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
    await waitFor(() => expect(screen.getByRole('region', { name: 'Versions' }).querySelectorAll('summary')).toHaveLength(2));
    const shown = [...screen.getByRole('region', { name: 'Versions' }).querySelectorAll('summary')];
    expect(shown.map((v) => v.textContent)).toEqual([
      expect.stringMatching(/^Version 2 \(current\) · .* by verifier$/) as unknown,
      expect.stringMatching(/^Version 1 · .* by verifier$/) as unknown,
    ]);
    expect(screen.getByLabelText<HTMLTextAreaElement>('Description (optional)').value).toBe('At the door');
  });

  it('shows the newest versions ten at a time, older ones when asked, and a version’s request when it is opened', async () => {
    const user = userEvent.setup({ delay: null });
    const current = { ...template, version: 51 };
    const all = Array.from({ length: 50 }, (_, i) => ({ ...v1, version: 51 - i }));
    const { requests } = renderPage('/templates/:templateId', `/templates/${ID}`, <TemplatePage />, {
      [`/api/proof-templates/${ID}`]: current,
      [versionsPath]: (r: SentRequest) => {
        const offset = Number(new URL(r.url, 'http://console').searchParams.get('offset'));
        return jsonAnswer({ total: 50, results: all.slice(offset, offset + 10) });
      },
      [`${versionsPath}/42`]: { ...v1, version: 42, presentation_request: request },
    });
    const region = await screen.findByRole('region', { name: 'Versions' });
    await waitFor(() => expect(region.querySelectorAll('summary')).toHaveLength(10));
    await user.click(within(region).getByRole('button', { name: 'Show older versions (10 of 50 shown)' }));
    await waitFor(() => expect(region.querySelectorAll('summary')).toHaveLength(20));
    for (let shown = 20; shown < 50; shown += 10)
      await user.click(await within(region).findByRole('button', { name: `Show older versions (${shown} of 50 shown)` }));
    await waitFor(() => expect(region.querySelectorAll('summary')).toHaveLength(50));
    expect(within(region).queryByRole('button', { name: /Show older versions/ })).toBeNull();
    expect(within(region).getByText('Only the newest 50 versions are kept.')).toBeTruthy();
    // No request is read until a version is opened.
    expect(requests.filter((r) => r.url.includes('/versions/'))).toEqual([]);
    await user.click(within(region).getByText(/^Version 42 ·/));
    expect(await within(region).findByText('Prove Age at least 18 without showing it')).toBeTruthy();
    expect(requests.filter((r) => r.url.includes('/versions/')).map((r) => r.url)).toEqual([`${versionsPath}/42`]);
  });

  it('says when someone saved a newer version first, and offers it', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage('/templates/:templateId', `/templates/${ID}`, <TemplatePage />, {
      [`/api/proof-templates/${ID}`]: template,
      [versionsPath]: { total: 1, results: [v1] },
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
      {
        [`/api/proof-templates/${ID}`]: template,
        [versionsPath]: { total: 1, results: [v1] },
        [`DELETE /api/proof-templates/${ID}`]: () => new Response(null, { status: 204 }),
      },
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
