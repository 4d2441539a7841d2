import type { BulkRevokePreview } from '@credence/shared';

const list = (items: string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/** "14 credentials of Student ID 1.2 issued to 9 holders will be marked revoked; …" — exactly what the batch does. */
export function bulkRevokeSentence(preview: BulkRevokePreview): string {
  const n = preview.credentials.length;
  if (n === 0) return 'No issued credential matches this search: nothing to revoke.';
  const kinds = list(preview.kinds.map((k) => (preview.kinds.length > 1 ? `${k.count} ${k.label}` : k.label)));
  const holders = `${preview.holders} holder${preview.holders === 1 ? '' : 's'}`;
  const what = `${n} credential${n === 1 ? '' : 's'} of ${kinds} issued to ${holders}`;
  if (preview.over_cap) return `More than ${n} issued credentials match this search.`;
  return `${what} will be marked revoked, pending publication. Holders are not notified, and verifiers keep accepting ${n === 1 ? 'it' : 'them'} until you publish.`;
}
