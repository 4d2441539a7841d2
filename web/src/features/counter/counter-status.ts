import type { PresExRecord } from '@credence/shared';

export type CounterStatus =
  | { step: 'waiting' }
  | { step: 'scanned' }
  | { step: 'checking' }
  | { step: 'verified'; revealed: { name: string; value: string }[] }
  | { step: 'not-verified'; revealed: { name: string; value: string }[] }
  | { step: 'failed'; reason: string };

type Proof = { requested_proof?: { revealed_attrs?: Record<string, { raw?: string }> } };
type Request = { requested_attributes?: Record<string, { name?: string }> };

/** What the presentation proved: each revealed attribute by the name the request asked for. */
export function revealedValues(record: PresExRecord): { name: string; value: string }[] {
  const byFormat = record.by_format ?? {};
  const out: { name: string; value: string }[] = [];
  for (const format of ['anoncreds', 'indy'] as const) {
    const proof = byFormat.pres?.[format] as Proof | undefined;
    const request = byFormat.pres_request?.[format] as Request | undefined;
    for (const [referent, attr] of Object.entries(proof?.requested_proof?.revealed_attrs ?? {})) {
      out.push({ name: request?.requested_attributes?.[referent]?.name ?? referent, value: attr.raw ?? '' });
    }
    if (out.length > 0) break;
  }
  return out;
}

/** Where a counter check stands, from the record and whether a wallet has fetched the invitation. */
export function counterStatus(record: PresExRecord | undefined, fetched: boolean): CounterStatus {
  if (!record || record.state === 'request-sent') return fetched ? { step: 'scanned' } : { step: 'waiting' };
  if (record.state === 'abandoned') return { step: 'failed', reason: record.error_msg ?? 'The exchange was abandoned.' };
  if (record.state === 'presentation-received') return { step: 'checking' };
  if (record.state === 'done') {
    const revealed = revealedValues(record);
    return record.verified === true ? { step: 'verified', revealed } : record.verified === false ? { step: 'not-verified', revealed } : { step: 'checking' };
  }
  return { step: 'checking' };
}
