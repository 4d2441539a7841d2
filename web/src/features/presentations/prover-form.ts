import { predicateHolds, presSendPresentationBodySchema, type CredentialForReferents, type PresSendPresentationBody } from '@credence/shared';
import { bodyResolver } from '../../lib/body-resolver';

export interface ProverFormValues {
  format: 'indy' | 'anoncreds';
  attributes: Record<string, { cred_id: string; revealed: boolean; self_attested: string; group: boolean; restricted: boolean }>;
  predicates: Record<string, { cred_id: string }>;
}

interface RequestShape {
  requested_attributes?: Record<string, { name?: string; names?: string[]; restrictions?: unknown[] }>;
  requested_predicates?: Record<string, { name: string; p_type: string; p_value: number }>;
}

/**
 * The wallet's candidates for a referent, those that can prove a predicate first. The agent lists
 * credentials by restrictions only; one whose value misses the predicate cannot make a proof.
 */
export function candidatesFor(ref: string, credentials: CredentialForReferents[], predicate?: { name: string; p_type: string; p_value: number }) {
  return credentials
    .filter((c) => c.presentation_referents.includes(ref))
    .map((c) => ({ credential: c, usable: !predicate || predicateHolds(c.cred_info.attrs[predicate.name], predicate) }))
    .sort((a, b) => Number(b.usable) - Number(a.usable));
}

/** One row per referent; each preselects the first credential the wallet offers for it. */
export function proverDefaults(format: ProverFormValues['format'], request: RequestShape, credentials: CredentialForReferents[]): ProverFormValues {
  const first = (ref: string) => {
    const best = candidatesFor(ref, credentials, request.requested_predicates?.[ref])[0];
    return best?.usable ? best.credential.cred_info.referent : '';
  };
  return {
    format,
    attributes: Object.fromEntries(
      Object.entries(request.requested_attributes ?? {}).map(([ref, attr]) => [
        ref,
        { cred_id: first(ref), revealed: true, self_attested: '', group: attr.names !== undefined, restricted: (attr.restrictions?.length ?? 0) > 0 },
      ]),
    ),
    predicates: Object.fromEntries(Object.keys(request.requested_predicates ?? {}).map((ref) => [ref, { cred_id: first(ref) }])),
  };
}

/** The send-presentation body: a credential per referent, or a self-attested value where that is allowed. */
export function toPresentationBody(values: ProverFormValues): PresSendPresentationBody {
  const requested_attributes: Record<string, { cred_id: string; revealed: boolean }> = {};
  const self_attested_attributes: Record<string, string> = {};
  for (const [ref, a] of Object.entries(values.attributes)) {
    if (!a.cred_id && !a.restricted && a.self_attested.trim()) self_attested_attributes[ref] = a.self_attested.trim();
    else requested_attributes[ref] = { cred_id: a.cred_id, revealed: a.group || a.revealed };
  }
  const requested_predicates = Object.fromEntries(Object.entries(values.predicates).map(([ref, p]) => [ref, { cred_id: p.cred_id }]));
  return { [values.format]: { requested_attributes, requested_predicates, self_attested_attributes } };
}

/** `indy.requested_attributes.<ref>.cred_id` → `attributes.<ref>.cred_id`. */
export const proverFieldPath = (path: string) =>
  path.replace(/^(indy|anoncreds)\.requested_attributes\./, 'attributes.').replace(/^(indy|anoncreds)\.requested_predicates\./, 'predicates.');

export const proverResolver = bodyResolver<ProverFormValues, unknown>(() => presSendPresentationBodySchema, toPresentationBody, proverFieldPath);
