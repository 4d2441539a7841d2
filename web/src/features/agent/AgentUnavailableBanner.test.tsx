import { AGENT_UNAVAILABLE_TYPE, TENANT_ACCESS_REFUSED_TYPE } from '@credence/shared';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../lib/api';
import { clearAgentTrouble } from '../../lib/agent-status';
import { createQueryClient } from '../../lib/query-client';
import { AgentUnavailableBanner } from './AgentUnavailableBanner';

const problem = (status: number, title: string, detail: string, type = AGENT_UNAVAILABLE_TYPE) =>
  new Response(JSON.stringify({ type, title, status, detail }), { status, headers: { 'content-type': 'application/problem+json' } });
const config = () =>
  new Response(JSON.stringify({ username: 'admin', role: 'admin', mode: 'sandbox', wallet: { name: 'w', type: 'askar' } }), {
    headers: { 'content-type': 'application/json' },
  });

function Records() {
  const list = useQuery({ queryKey: ['credentials', 'list'], queryFn: () => apiFetch<{ results: unknown[] }>('/api/issue-credential-2.0/records') });
  return <p>{list.isSuccess ? `${list.data.results.length} records` : list.isError ? 'Could not load the records' : 'Loading'}</p>;
}

function renderWithAgent(agentUp: () => boolean, failure = () => problem(502, 'Agent unreachable', 'The agent could not be reached')) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      if (!agentUp()) return failure();
      return String(input).startsWith('/api/config')
        ? config()
        : new Response(JSON.stringify({ results: [1, 2, 3] }), { headers: { 'content-type': 'application/json' } });
    }),
  );
  const client = createQueryClient({ onUnauthorized: vi.fn() });
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  render(
    <QueryClientProvider client={client}>
      <AgentUnavailableBanner />
      <Records />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearAgentTrouble();
});

describe('AgentUnavailableBanner', () => {
  it('is not there while the agent answers', async () => {
    renderWithAgent(() => true);
    expect(await screen.findByText('3 records')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('stays away when the agent fails on one call but is there (that call shows its own error)', async () => {
    renderWithAgent(
      () => false,
      () => problem(502, 'Agent error', 'The agent failed: Internal Server Error', 'about:blank'),
    );
    expect(await screen.findByText('Could not load the records')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('appears when a call finds the agent unreachable, and on recovery goes away and reloads what failed', async () => {
    let up = false;
    renderWithAgent(() => up);
    expect((await screen.findByRole('alert')).textContent).toContain('Agent unavailable. The console cannot reach the agent. (The agent could not be reached)');
    expect(await screen.findByText('Could not load the records')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Check now' }));
    expect(screen.getByRole('alert')).toBeTruthy();

    up = true;
    await userEvent.click(screen.getByRole('button', { name: 'Check now' }));
    expect(await screen.findByText('3 records')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the organisation is disconnected, and what to ask for, when the agent refuses its access key; gone once reconnected', async () => {
    let reconnected = false;
    renderWithAgent(
      () => reconnected,
      () => problem(503, 'Agent access refused', 'The agent no longer accepts this organisation’s access key', TENANT_ACCESS_REFUSED_TYPE),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your organisation is disconnected from the agent.');
    expect(alert.textContent).toContain('Ask your Credence operator to reconnect your organisation');
    expect(alert.textContent).not.toContain('Agent unavailable');
    expect(await screen.findByText('Could not load the records')).toBeTruthy();
    reconnected = true;
    await userEvent.click(await screen.findByRole('button', { name: 'Check now' }));
    expect(await screen.findByText('3 records')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
