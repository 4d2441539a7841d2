import { schemaLabel, type IssuedCredential, type RevokeBody } from '@credence/shared';
import { ProblemError } from '../problem.js';
import type { RegisterStore } from '../register/register-store.js';

/** The person a credential names when it was issued with no connection (at a counter): its "name" value. */
const NAME_VALUE = /^(full_?)?name$|(^|_)(holder|person|full)_?name$/i;

/** "Chen Wei’s Student ID 1.2", or "The Student ID 1.2" when nobody is named. */
export function credentialInWords(credential: Pick<IssuedCredential, 'holder_label' | 'schema_id' | 'attributes'>): string {
  const what = schemaLabel(credential.schema_id) ?? 'credential';
  const who = credential.holder_label ?? credential.attributes.find((a) => NAME_VALUE.test(a.name))?.value.trim();
  return who ? `${who}’s ${what}` : `The ${what}`;
}

/**
 * Refuses (409) a revocation of a credential the register already holds as revoked: the agent accepts
 * a pending one again without a word, and the audit log would then show it revoked twice.
 */
export async function refuseIfRevoked(store: Pick<RegisterStore, 'credentials'>, body: RevokeBody): Promise<void> {
  const which = body.cred_ex_id ? { cred_ex_id: body.cred_ex_id } : { rev_reg_id: body.rev_reg_id, cred_rev_id: body.cred_rev_id };
  const { results } = await store.credentials({ ...which, limit: 1, offset: 0, sort: '-issued' });
  const known = results[0];
  if (!known || known.status === 'issued') return;
  const named = credentialInWords(known);
  throw new ProblemError(
    409,
    known.status === 'revoked-pending'
      ? `${named} is already revoked; the revocation waits to be published.`
      : `${named} is already revoked, and the revocation is published.`,
    {
      title: 'Already revoked',
      ...(known.status === 'revoked-pending'
        ? { code: 'revocation.alreadyRevoked', params: { credential: named } }
        : { code: 'revocation.alreadyPublished', params: { credential: named } }),
    },
  );
}
