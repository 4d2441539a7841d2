import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { intlFor, setActiveIntl } from '../../i18n/active-intl';
import { englishCatalogue, loadCatalogue } from '../../i18n/catalogue';
import { StateBadge } from '../ui/StateBadge';
import { KeptState, NextStep } from './cells';

const SRC = join(__dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.tsx') && !name.includes('.test.') ? [path] : [];
  });
}

describe('the console speaks a clerk’s language', () => {
  it('shows no agent key beside a label (multi_use, auto_issue, goal…) in any screen’s text', () => {
    // A key written out as text in a small code-styled span: `<span className="muted mono small">multi_use</span>`.
    const rawKey = /<span className="[^"]*\bmono\b[^"]*">\s*([a-z]+(?:_[a-z]+)*)\s*<\/span>/g;
    const found = sources(SRC).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(rawKey)].map((m) => `${file.slice(SRC.length)}: ${m[1]}`));
    expect(found).toEqual([]);
  });

  it('never says "Next step: Failed": a failed exchange’s next step is to read why', () => {
    render(<NextStep errorMsg="Credential definition not found" kind="credential" state={undefined} />);
    expect(screen.queryByText('Failed')).toBeNull();
    expect(screen.getByText('See why it failed').getAttribute('title')).toBe('Credential definition not found');
  });
});

describe('a revoked credential', () => {
  it('is said revoked once, not by its state and again by its mark', () => {
    render(
      <MemoryRouter>
        <KeptState state="credential-revoked" removed={false} revoked={{ credExId: 'x', status: 'revoked' }} />
      </MemoryRouter>,
    );
    expect(screen.getAllByText(/revoked/i)).toHaveLength(1);
    expect(screen.getByRole('link').textContent).toContain('Revoked');
  });

  it('keeps the state when the register does not know it revoked', () => {
    render(
      <MemoryRouter>
        <KeptState state="credential-revoked" removed={false} revoked={{ credExId: 'x', status: null }} />
      </MemoryRouter>,
    );
    expect(screen.getAllByText(/revoked/i)).toHaveLength(1);
  });
});

describe('in French', () => {
  afterEach(() => setActiveIntl('en', intlFor('en', englishCatalogue)));

  it('names the state, the advised action and its advice in a clerk’s words, and a state the agent adds later as the agent does', async () => {
    setActiveIntl('fr-CA', intlFor('fr-CA', await loadCatalogue('fr-CA')));
    render(
      <>
        <StateBadge state="offer-received" />
        <StateBadge state="some-new-state" />
        <NextStep errorMsg={null} kind="credential" state="request-received" />
      </>,
    );
    expect(screen.getByText('Offre reçue')).toBeTruthy();
    expect(screen.getByText('Some new state')).toBeTruthy();
    expect(screen.getByText('Émettre l’attestation').getAttribute('title')).toBe('Émettez l’attestation.');
  });
});
