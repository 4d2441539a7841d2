import { normaliseVerified, type CredExRecord, type PresExRecord } from '@credence/shared';

export interface Revealed {
  name: string;
  value: string;
}
/** A predicate the proof satisfied (or the wallet answered). */
export interface Satisfied {
  name: string;
  p_type: string;
  p_value: number;
}
export interface Proved {
  revealed: Revealed[];
  predicates: Satisfied[];
  /** When the request was made (an age check is counted on that day). */
  askedAt?: string | undefined;
}

export type CounterStatus =
  | { step: 'waiting' }
  | { step: 'scanned' }
  | { step: 'checking' }
  | ({ step: 'verified' } & Proved)
  | ({ step: 'not-verified' } & Proved)
  | { step: 'failed'; reason: string };

type Proof = {
  requested_proof?: {
    revealed_attrs?: Record<string, { raw?: string }>;
    revealed_attr_groups?: Record<string, { values?: Record<string, { raw?: string }> }>;
    predicates?: Record<string, unknown>;
  };
};
type Request = {
  requested_attributes?: Record<string, { name?: string; names?: string[] }>;
  requested_predicates?: Record<string, { name?: string; p_type?: string; p_value?: number }>;
};

/** What the presentation proved: each revealed attribute by the name the request asked for, and each predicate met. */
export function provedBy(record: PresExRecord): Proved {
  const byFormat = record.by_format ?? {};
  for (const format of ['anoncreds', 'indy'] as const) {
    const proof = byFormat.pres?.[format] as Proof | undefined;
    const request = byFormat.pres_request?.[format] as Request | undefined;
    if (!proof?.requested_proof) continue;
    const revealed: Revealed[] = [];
    for (const [referent, attr] of Object.entries(proof.requested_proof.revealed_attrs ?? {})) {
      revealed.push({ name: request?.requested_attributes?.[referent]?.name ?? referent, value: attr.raw ?? '' });
    }
    for (const group of Object.values(proof.requested_proof.revealed_attr_groups ?? {})) {
      for (const [name, attr] of Object.entries(group.values ?? {})) revealed.push({ name, value: attr.raw ?? '' });
    }
    const predicates: Satisfied[] = [];
    for (const referent of Object.keys(proof.requested_proof.predicates ?? {})) {
      const asked = request?.requested_predicates?.[referent];
      if (asked?.name && asked.p_type && typeof asked.p_value === 'number') predicates.push({ name: asked.name, p_type: asked.p_type, p_value: asked.p_value });
    }
    return { revealed, predicates, askedAt: record.created_at };
  }
  return { revealed: [], predicates: [], askedAt: record.created_at };
}

/** Where a counter check stands, from the record and whether a wallet has fetched the invitation. */
export function counterStatus(record: PresExRecord | undefined, fetched: boolean): CounterStatus {
  if (!record || record.state === 'request-sent') return fetched ? { step: 'scanned' } : { step: 'waiting' };
  if (record.state === 'abandoned') return { step: 'failed', reason: walletReason(record.error_msg) };
  if (record.state === 'done') {
    const verified = normaliseVerified(record.verified);
    if (verified === true) return { step: 'verified', ...provedBy(record) };
    if (verified === false) return { step: 'not-verified', ...provedBy(record) };
  }
  return { step: 'checking' };
}

export type OfferStatus =
  { step: 'waiting' } | { step: 'scanned' } | { step: 'issuing' } | { step: 'issued'; confirmed: boolean } | { step: 'failed'; reason: string };

/** Where a counter offer stands: the wallet scans, asks for the credential, the agent issues it, the wallet confirms. */
export function offerStatus(record: CredExRecord | undefined, fetched: boolean): OfferStatus {
  if (!record || record.state === 'offer-sent') return fetched ? { step: 'scanned' } : { step: 'waiting' };
  if (record.state === 'abandoned') return { step: 'failed', reason: walletReason(record.error_msg) };
  if (record.state === 'credential-issued') return { step: 'issued', confirmed: false };
  if (record.state === 'done') return { step: 'issued', confirmed: true };
  return { step: 'issuing' };
}

/**
 * The reason a wallet gave up, in words: the agent's `error_msg` is the problem report's code and
 * description ("presentation-abandoned: No matching credential").
 */
export function walletReason(errorMsg: string | null | undefined): string {
  const text = (errorMsg ?? '').replace(/^[a-z-]+:\s*/, '').trim();
  return text ? `The wallet said: “${text}”` : 'The wallet gave up without a reason.';
}
