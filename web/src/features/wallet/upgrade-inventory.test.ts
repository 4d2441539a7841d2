import { describe, expect, it } from 'vitest';
import { changeSentence, compareInventories, countWords, type WalletInventory } from './upgrade-inventory';

const inventory = (
  walletType: string,
  credDefs: [string, string][],
  registries: string[],
  schemas: [string, string][] = [['S1', 'Alumni card 1.0']],
): WalletInventory => ({
  at: '2026-11-27T15:00:00.000Z',
  walletType,
  schemas: schemas.map(([id, name]) => ({ id, name })),
  credDefs: credDefs.map(([id, name]) => ({ id, name })),
  registries,
});

const before = inventory(
  'askar',
  [
    ['D1', 'Alumni card 1.0 (alumni)'],
    ['D2', 'Student ID 1.2 (revocable)'],
  ],
  ['R1', 'R2'],
);

describe('what the upgrade changed, from what the agent listed before and after', () => {
  it('says the counts and that the ids are unchanged when every id is listed again', () => {
    const after = inventory('askar-anoncreds', [...before.credDefs.map((d) => [d.id, d.name] as [string, string])].reverse(), ['R2', 'R1']);
    const change = compareInventories(before, after);
    expect(changeSentence(change)).toBe(
      '1 schema, 2 credential definitions and 2 revocation registries now use the AnonCreds interface; their ids are unchanged.',
    );
  });

  it('names what is no longer listed, and what is new', () => {
    const after = inventory('askar-anoncreds', [['D3', 'Library card 1.0 (anoncreds-revocable)']], ['R3'], [['S2', 'Library card 1.0']]);
    const change = compareInventories(before, after);
    expect(change.missing).toEqual({ schemas: ['Alumni card 1.0'], credDefs: ['Alumni card 1.0 (alumni)', 'Student ID 1.2 (revocable)'], registries: 2 });
    expect(change.added).toEqual({ schemas: ['Library card 1.0'], credDefs: ['Library card 1.0 (anoncreds-revocable)'], registries: 1 });
    expect(changeSentence(change)).toBe(
      '1 schema, 1 credential definition and 1 revocation registry now use the AnonCreds interface. Before the upgrade the wallet listed 1 schema, 2 credential definitions and 2 revocation registries: not everything is listed again.',
    );
  });

  it('without a record of before (an upgrade started before the console kept one), gives the counts only', () => {
    const change = compareInventories(null, before);
    expect(changeSentence(change)).toMatch(
      /^1 schema, 2 credential definitions and 2 revocation registries now use the AnonCreds interface\. What the wallet held/,
    );
    expect(countWords({ schemas: 0, credDefs: 1, registries: 1000 })).toBe('0 schemas, 1 credential definition and 1,000 revocation registries');
  });
});
