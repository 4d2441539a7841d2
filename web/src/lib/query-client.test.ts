import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { createQueryClient } from './query-client';
import { toast } from './toast-store';

const problem = (status: number) => new ApiError({ type: 'about:blank', title: 't', status, detail: `failed with ${status}` });

afterEach(() => vi.restoreAllMocks());

describe('createQueryClient', () => {
  it('sends the user to log in when any query answers 401, without retrying', async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });
    const queryFn = vi.fn().mockRejectedValue(problem(401));
    await client.fetchQuery({ queryKey: ['x'], queryFn }).catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('does not retry other client errors', async () => {
    const client = createQueryClient({ onUnauthorized: vi.fn() });
    const queryFn = vi.fn().mockRejectedValue(problem(404));
    await client.fetchQuery({ queryKey: ['y'], queryFn, retry: client.getDefaultOptions().queries!.retry, retryDelay: 0 }).catch(() => undefined);
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('retries an unavailable agent twice', async () => {
    const client = createQueryClient({ onUnauthorized: vi.fn() });
    const queryFn = vi.fn().mockRejectedValue(problem(503));
    await client.fetchQuery({ queryKey: ['z'], queryFn, retry: client.getDefaultOptions().queries!.retry, retryDelay: 0 }).catch(() => undefined);
    expect(queryFn).toHaveBeenCalledTimes(3);
  });
});

describe('createQueryClient and mutations', () => {
  it('leaves a 401 to a form that shows its own errors (a wrong password is not an ended session)', async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(problem(401)), meta: { showsOwnErrors: true } })
      .execute(undefined)
      .catch(() => undefined);
    expect(onUnauthorized).not.toHaveBeenCalled();
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(problem(401)) })
      .execute(undefined)
      .catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('createQueryClient and the error toast', () => {
  it('shows a failed write’s reference (its request id) under the message, for support to find its log line', async () => {
    const shown: { message: string; reference?: string }[] = [];
    const error = vi.spyOn(toast, 'error').mockImplementation((message: string, reference?: string) => {
      shown.push({ message, ...(reference && { reference }) });
    });
    const client = createQueryClient({ onUnauthorized: vi.fn() });
    const failed = new ApiError({
      type: 'about:blank',
      title: 't',
      status: 500,
      detail: 'The console failed to handle this request.',
      request_id: 'req-0123456789ab',
    });
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(failed) })
      .execute(undefined)
      .catch(() => undefined);
    expect(error).toHaveBeenCalledTimes(1);
    expect(shown).toEqual([{ message: 'The console failed to handle this request.', reference: 'req-0123456789ab' }]);
  });
});
