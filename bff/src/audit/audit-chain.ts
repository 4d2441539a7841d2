import { createHash, randomBytes } from 'node:crypto';

/** The hash before a tenant's first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** Bumped if the chained part ever changes shape; verification then knows which canonical form an entry used. */
const CHAIN_VERSION = 1;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** What names a person in an entry (decision 036): kept beside the chain, which covers only their salted digest. */
export interface PersonalDetails {
  summary: string | null;
  reason: string | null;
}

/** Everything else an entry says: chained as written. */
export interface ChainedPart {
  tenant: string;
  seq: number;
  at: Date;
  actor: string;
  via: string | null;
  role: string | null;
  action: string;
  target: Record<string, string>;
  status: number;
  outcome: string;
  link: string | null;
  tally_id: string | null;
  personal_digest: string;
}

export const newSalt = () => randomBytes(16).toString('hex');

/** A digest that says nothing of short, guessable details once the salt is gone (erasure deletes it with them). */
export function personalDigest(salt: string, details: PersonalDetails): string {
  return sha256(salt + JSON.stringify([details.summary, details.reason]));
}

/** One text per entry whatever the database gives back: a fixed order of fields, the target's keys sorted, times in ISO UTC. */
export function canonical(part: ChainedPart): string {
  const target = Object.keys(part.target)
    .sort()
    .map((k) => [k, part.target[k]]);
  return JSON.stringify([
    CHAIN_VERSION,
    part.tenant,
    part.seq,
    part.at.toISOString(),
    part.actor,
    part.via,
    part.role,
    part.action,
    target,
    part.status,
    part.outcome,
    part.link,
    part.tally_id,
    part.personal_digest,
  ]);
}

/** sha256(prev_hash || canonical(chained part)). */
export function entryHash(prevHash: string, part: ChainedPart): string {
  return sha256(prevHash + canonical(part));
}
