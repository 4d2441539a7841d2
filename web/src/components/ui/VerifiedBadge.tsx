import { normaliseVerified } from '@credence/shared';

/** Pass / fail / not verified, from the agent's "true"/"false" string. */
export function VerifiedBadge({ verified }: { verified: unknown }) {
  const value = normaliseVerified(verified);
  if (value === true) return <span className="badge badge-success">Verified</span>;
  if (value === false) return <span className="badge badge-danger">Failed verification</span>;
  return <span className="muted">Not verified</span>;
}
