import { describe, expect, it, vi } from 'vitest';

const verified = vi.hoisted(() => [] as string[]);
vi.mock('./passwords.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('./passwords.js')>();
  return {
    ...real,
    verifyPassword: (password: string, stored: string) => {
      verified.push(stored);
      return real.verifyPassword(password, stored);
    },
  };
});

const { UserDirectory, demoUsers } = await import('./users.js');

/** The cost part of `scrypt$N$r$p$salt$hash`. */
const costOf = (hash: string) => hash.split('$').slice(0, 4).join('$');

describe('UserDirectory: no user enumeration', () => {
  it('does the same scrypt work for an unknown name as for a known one with a wrong password', async () => {
    const users = new UserDirectory(await demoUsers('right-password'));
    verified.length = 0;
    expect(await users.authenticate('admin', 'wrong')).toBeNull();
    expect(await users.authenticate('nobody', 'wrong')).toBeNull();
    expect(await users.authenticate('ADMIN', 'right-password')).toEqual({ username: 'admin', role: 'admin', grant: expect.any(String) });
    // One hash check each, all at the same cost: the answer time does not tell which names exist.
    expect(verified).toHaveLength(3);
    expect(new Set(verified.map(costOf)).size).toBe(1);
    expect(verified[1]).not.toBe(verified[0]);
  });
});
