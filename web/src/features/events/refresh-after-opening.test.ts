import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { refreshAfterOpening } from './refresh-after-opening';

describe('refreshAfterOpening', () => {
  it('asks again for what is shown, lets a fetch on its way finish first, then asks it again', async () => {
    const client = new QueryClient();
    let release!: (value: string) => void;
    const slow = vi.fn(() => new Promise<string>((resolve) => (release = resolve)));
    const quick = vi.fn(async () => 'quick');
    const observers = [new QueryObserver(client, { queryKey: ['list'], queryFn: slow }), new QueryObserver(client, { queryKey: ['config'], queryFn: quick })];
    const unsubscribe = observers.map((observer) => observer.subscribe(() => undefined));
    await vi.waitFor(() => expect(client.getQueryData(['config'])).toBe('quick'));
    expect(slow).toHaveBeenCalledTimes(1);

    refreshAfterOpening(client);
    await vi.waitFor(() => expect(quick).toHaveBeenCalledTimes(2));
    // The list's first fetch is neither cancelled nor doubled while it is on its way…
    expect(slow).toHaveBeenCalledTimes(1);
    release('first answer');
    await vi.waitFor(() => expect(client.getQueryData(['list'])).toBe('first answer'));
    // …and is asked again once answered.
    await vi.waitFor(() => expect(slow).toHaveBeenCalledTimes(2));
    release('second answer');
    await vi.waitFor(() => expect(client.getQueryData(['list'])).toBe('second answer'));
    unsubscribe.forEach((stop) => stop());
  });
});
