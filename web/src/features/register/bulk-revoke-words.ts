import type { BulkRevokePreview } from '@credence/shared';

const list = (items: string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/** "3", "550+": a count that may have stopped at a cap. */
const counted = (n: number, capped: boolean) => `${n.toLocaleString('en')}${capped ? '+' : ''}`;

/** What the selection matches but a revocation leaves alone: credentials issued without a registry. */
function leftAlone(preview: BulkRevokePreview, revocable: number): string {
  const n = preview.not_revocable;
  if (n === 0) return '';
  const one = n === 1 && !preview.not_revocable_capped;
  if (revocable === 0) {
    return one
      ? 'The issued credential this search matches cannot be revoked: it was issued without a revocation registry.'
      : `The ${counted(n, preview.not_revocable_capped)} issued credentials this search matches cannot be revoked: they were issued without a revocation registry.`;
  }
  return ` ${counted(n, preview.not_revocable_capped)} more ${one ? 'matches' : 'match'} but cannot be revoked (issued without a revocation registry): ${one ? 'it is' : 'they are'} left as ${one ? 'it is' : 'they are'}.`;
}

/** "14 credentials of Student ID 1.2 issued to 9 holders will be marked revoked; …" — exactly what the batch does. */
export function bulkRevokeSentence(preview: BulkRevokePreview): string {
  const n = preview.credentials.length;
  if (n === 0) return leftAlone(preview, 0) || 'No issued credential matches this search: nothing to revoke.';
  if (preview.over_cap) return `More than ${n} issued credentials match this search.`;
  const kinds = list(preview.kinds.map((k) => (preview.kinds.length > 1 ? `${k.count} ${k.label}` : k.label)));
  const holders = `${preview.holders} holder${preview.holders === 1 ? '' : 's'}`;
  const what = `${n} credential${n === 1 ? '' : 's'} of ${kinds} issued to ${holders}`;
  return `${what} will be marked revoked, pending publication. Holders are not notified, and verifiers keep accepting ${n === 1 ? 'it' : 'them'} until you publish.${leftAlone(preview, n)}`;
}
