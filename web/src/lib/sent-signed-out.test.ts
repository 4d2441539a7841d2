import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => document.querySelector('meta[name="credence-session"]')?.remove());

describe('takeSentSignedOut', () => {
  it('says once that the console sent the page signed out, then leaves it to the server', async () => {
    document.head.insertAdjacentHTML('beforeend', '<meta name="credence-session" content="none">');
    vi.resetModules();
    const { takeSentSignedOut } = await import('./sent-signed-out');
    expect(takeSentSignedOut()).toBe(true);
    expect(takeSentSignedOut()).toBe(false);
  });

  it('says nothing when the page did not come with that word (signed in, or not sent by the console)', async () => {
    vi.resetModules();
    const { takeSentSignedOut } = await import('./sent-signed-out');
    expect(takeSentSignedOut()).toBe(false);
  });
});
