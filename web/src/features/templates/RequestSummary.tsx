import { ageRuleOf, labelOf, type PresentationRequest, type TemplateRules, predicateInWords } from '@credence/shared';

const KEY_WORDS: Record<string, string> = {
  cred_def_id: 'credential definition',
  schema_id: 'schema',
  schema_name: 'schema name',
  schema_version: 'schema version',
  issuer_did: 'issuer',
  issuer_id: 'issuer',
  schema_issuer_did: 'schema issuer',
  schema_issuer_id: 'schema issuer',
  rev_reg_id: 'revocation registry',
};

/** "from credential definition X, schema name Student ID": the first restriction set, in words. */
function restrictionText(restrictions: Record<string, string>[] | undefined): string | undefined {
  if (!restrictions?.length) return undefined;
  const sets = restrictions.map((r) =>
    Object.entries(r)
      .map(([key, value]) => `${KEY_WORDS[key] ?? key} ${value}`)
      .join(', '),
  );
  return `from ${sets.join(' or ')}`;
}

const day = (seconds: number | undefined) => (seconds === undefined ? '…' : new Date(seconds * 1000).toLocaleDateString());

/** What a saved request asks the person to show, in plain words; its relative rules as rules, counted on the day it is used. */
export function RequestSummary({ request, rules }: { request: PresentationRequest; rules?: TemplateRules | undefined }) {
  const proof = request.indy ?? request.anoncreds;
  if (!proof) return null;
  const formats = [request.indy && 'indy', request.anoncreds && 'anoncreds'].filter(Boolean).join(' and ');
  return (
    <div className="request-summary">
      <p>
        <strong>{proof.name}</strong> <span className="muted">version {proof.version}</span> · <span className="muted">formats: {formats}</span>
      </p>
      <ul>
        {Object.entries(proof.requested_attributes).map(([referent, a]) => (
          <li key={referent}>
            Show {(a.names ?? [a.name]).map((name) => labelOf(name ?? '')).join(', ')}
            {restrictionText(a.restrictions) && <span className="muted"> — {restrictionText(a.restrictions)}</span>}
          </li>
        ))}
        {Object.entries(proof.requested_predicates).map(([referent, p]) => (
          <li key={referent}>
            {ageRuleOf(rules, referent)
              ? `Prove they are at least ${ageRuleOf(rules, referent)!.years} years old, from ${labelOf(p.name)}, without showing it (counted on the day it is sent)`
              : `Prove ${predicateInWords(p)} without showing it`}
            {restrictionText(p.restrictions) && <span className="muted"> — {restrictionText(p.restrictions)}</span>}
          </li>
        ))}
      </ul>
      {rules?.not_revoked_now ? (
        <p className="muted">Not revoked at the moment the request is sent</p>
      ) : (
        proof.non_revoked && (
          <p className="muted">
            Not revoked between {day(proof.non_revoked.from)} and {day(proof.non_revoked.to)}
          </p>
        )
      )}
    </div>
  );
}
