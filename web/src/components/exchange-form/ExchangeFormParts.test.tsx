import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ConnectionOption } from '../../lib/connections';
import { ConnectionField } from './ExchangeFormParts';

function field(status: 'pending' | 'error' | 'success', options: ConnectionOption[] = []) {
  const element = (
    <ConnectionField
      field={{ name: 'connection_id', onChange: () => Promise.resolve(), onBlur: () => Promise.resolve(), ref: () => undefined }}
      options={options}
      status={status}
      prompt="Choose who receives the offer"
      chosen={false}
      error={undefined}
    />
  );
  render(<RouterProvider router={createMemoryRouter([{ path: '/', element }])} />);
  const select = screen.getByRole('combobox', { name: 'Connection' });
  // What a screen reader says after the field's name (its hint).
  const hint = (select.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
  return { select, hint };
}

describe('ConnectionField', () => {
  it('says the connections are loading while they are, not that there are none', () => {
    const { select, hint } = field('pending');
    expect(select.getAttribute('aria-busy')).toBe('true');
    expect(hint).toMatch(/Loading connections…/);
    expect(screen.queryByText(/No connections yet/)).toBeNull();
  });

  it('says so when the connections could not be loaded', () => {
    expect(field('error').hint).toMatch(/could not be loaded/);
  });

  it('says there are none once the agent answered with none, and how to get one', () => {
    const { select, hint } = field('success');
    expect(select.getAttribute('aria-busy')).toBe('false');
    expect(hint).toMatch(/No connections yet\. Invite someone to connect/);
  });

  it('counts the connections not usable yet', () => {
    const { hint } = field('success', [
      { id: 'a', label: 'Alice', ready: true, state: 'active' },
      { id: 'b', label: 'Bob', ready: false, state: 'invitation' },
    ]);
    expect(hint).toMatch(/1 not usable yet/);
    expect(screen.getByRole<HTMLOptionElement>('option', { name: /Bob —/ }).disabled).toBe(true);
  });
});
