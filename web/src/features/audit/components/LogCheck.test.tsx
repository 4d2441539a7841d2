import type { AuditVerify } from '@credence/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../lib/format';
import { renderPage } from '../../../test/render-page';
import { ExportPeriod } from './ExportPeriod';
import { LogCheck, logCheckSentence } from './LogCheck';

const intact: AuditVerify = { ok: true, entries: 1234, first_seq: 1, erased: 0, first_broken: null };

describe('checking the audit log', () => {
  it('says in words that every entry is intact, or which one is not, where it stands in the log', () => {
    expect(logCheckSentence(intact)).toBe('All 1,234 entries are intact.');
    expect(logCheckSentence({ ...intact, erased: 3 })).toBe('All 1,234 entries are intact (3 with their personal details erased, as allowed).');
    expect(logCheckSentence({ ...intact, entries: 0 })).toBe('The log is empty: there is nothing to check yet.');
    const at = '2026-11-20T09:00:00.000Z';
    // Retention removed the first 100: entry number 157 is the 57th of those kept.
    expect(
      logCheckSentence({ ok: false, entries: 1234, first_seq: 101, erased: 0, first_broken: { seq: 157, id: '9', at, actor: 'alice', reason: 'changed' } }),
    ).toBe(`Entry 57 of 1,234 (made on ${formatDateTime(at)} by alice) was changed after it was written.`);
    expect(
      logCheckSentence({ ok: false, entries: 10, first_seq: 1, erased: 0, first_broken: { seq: 4, id: null, at: null, actor: null, reason: 'missing' } }),
    ).toBe('Entry 4 of 10 was removed after it was written.');
  });

  it('checks only when asked, and shows the technical details one click away', async () => {
    const user = userEvent.setup();
    const broken: AuditVerify = {
      ok: false,
      entries: 6,
      first_seq: 1,
      erased: 0,
      first_broken: { seq: 2, id: '42', at: null, actor: null, reason: 'reordered' },
    };
    const { sent } = renderPage('/audit', '/audit', <LogCheck />, { '/api/audit/verify': broken });
    expect(sent('GET', '/api/audit/verify')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Check the log' }));
    expect((await screen.findByText(/Entry 2 of 6/)).textContent).toBe('Tampered with: Entry 2 of 6 was moved out of its place after it was written.');
    expect(screen.getByText('Tampered with')).toBeTruthy();
    await user.click(screen.getByText('Technical details'));
    expect(screen.getByText('id: 42')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Check the log' }));
    expect(sent('GET', '/api/audit/verify')).toHaveLength(2);
  });

  it('downloads the chosen period in the chosen format, and says when the dates are crossed', async () => {
    const user = userEvent.setup();
    renderPage('/audit', '/audit', <ExportPeriod />, {});
    await user.type(screen.getByLabelText('Export from'), '2026-11-01');
    await user.type(screen.getByLabelText('Export until'), '2026-11-30');
    await user.selectOptions(screen.getByLabelText('File'), 'JSON Lines, for a program');
    const link = new URL(screen.getByRole('link', { name: 'Download the period' }).getAttribute('href')!, 'http://x');
    expect(link.pathname).toBe('/api/audit/export');
    expect(Object.fromEntries(link.searchParams)).toMatchObject({ format: 'jsonl', from: new Date(2026, 10, 1).toISOString() });
    expect(new Date(link.searchParams.get('to')!).getTime()).toBe(new Date(2026, 11, 1).getTime() - 1);
    await user.clear(screen.getByLabelText('Export until'));
    await user.type(screen.getByLabelText('Export until'), '2026-10-01');
    expect(screen.getByRole('alert').textContent).toContain('“Export from” is after “Export until”');
    expect(screen.queryByRole('link', { name: 'Download the period' })).toBeNull();
  });
});
