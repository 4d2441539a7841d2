import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
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
    render(<NextStep errorMsg="Credential definition not found" action={undefined} />);
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
