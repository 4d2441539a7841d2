import { schemaLabel, type IssuedCredential, type RegistryCheck } from '@credence/shared';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** "Bob Smith’s Student ID 1.2 (no. 5)", from the register; "credential no. 5" when the register does not know it. */
export function credentialWords(credRevId: string, known: IssuedCredential | undefined): string {
  if (!known) return `credential no. ${credRevId}`;
  const what = schemaLabel(known.schema_id) ?? 'credential';
  return `${known.holder_label ? `${known.holder_label}’s ` : ''}${what} (no. ${credRevId})`;
}

/**
 * The agent's answer to a registry check in plain words: whether the ledger and the wallet agree, and
 * if not, which credentials the wallet holds as revoked while the ledger still treats them as valid.
 */
export function checkSentence(check: RegistryCheck, revoked: IssuedCredential[]): { agree: boolean; sentence: string; names: string[] } {
  const byIndex = new Map(revoked.filter((c) => c.cred_rev_id).map((c) => [c.cred_rev_id!, c]));
  if (check.missingOnLedger.length === 0) {
    const onLedger = check.onLedger > 0 ? ` (${plural(check.onLedger, 'revocation', 'revocations')} on the ledger)` : '';
    return { agree: true, sentence: `The ledger and the wallet agree${onLedger}.`, names: [] };
  }
  const n = check.missingOnLedger.length;
  const names = check.missingOnLedger.map((id) => credentialWords(id, byIndex.get(id)));
  if (check.applied) return { agree: true, sentence: `Fixed: ${plural(n, 'revocation was', 'revocations were')} written to the ledger.`, names };
  return {
    agree: false,
    sentence: `${plural(n, 'credential is', 'credentials are')} revoked in the wallet but not on the ledger: verifiers still accept ${n === 1 ? 'it' : 'them'}.`,
    names,
  };
}
