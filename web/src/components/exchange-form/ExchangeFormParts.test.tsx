import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ConnectionOption } from '../../lib/connections';
import { ConnectionField, connectionProblem } from './ExchangeFormParts';

function field(status: 'pending' | 'error' | 'success', options: ConnectionOption[] = [], value?: string) {
  const element = (
    <ConnectionField
      field={{ name: 'connection_id', onChange: () => Promise.resolve(), onBlur: () => Promise.resolve(), ref: () => undefined }}
      options={options}
      status={status}
      prompt="Choose who receives the offer"
      chosen={false}
      error={undefined}
      value={value}
    />
  );
  render(<RouterProvider router={createMemoryRouter([{ path: '/', element }])} />);
  const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Connection' });
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

  it('shows the chosen connection, not the prompt, while the list loads and once it has come', () => {
    const alice = { id: 'a', label: 'Alice Jones', ready: true, state: 'active' };
    const loading = field('pending', [], 'a');
    expect(loading.select.selectedOptions[0]?.textContent).toBe('Loading the chosen connection…');
    document.body.innerHTML = '';
    const loaded = field('success', [alice], 'a');
    expect(loaded.select.selectedOptions[0]?.textContent).toBe('Alice Jones');
  });
});

describe('connectionProblem', () => {
  const options = [
    { id: 'a', label: 'Alice Jones', ready: true, state: 'active' },
    { id: 'b', label: 'Bob', ready: false, state: 'request' },
  ];
  it('says why the chosen connection cannot receive anything now, and nothing when it can', () => {
    expect(connectionProblem(options, 'success', 'a')).toBeUndefined();
    expect(connectionProblem(options, 'success', '')).toBeUndefined();
    expect(connectionProblem(options, 'success', 'b')).toMatch(/^Bob cannot receive it yet \(still connecting\)/);
    expect(connectionProblem(options, 'success', 'zz')).toMatch(/^The link names a connection this agent does not have/);
    expect(connectionProblem([], 'pending', 'a')).toMatch(/still loading/);
    expect(connectionProblem([], 'error', 'a')).toMatch(/could not be loaded/);
  });
});
