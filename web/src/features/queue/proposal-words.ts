import { labelOf, predicateInWords } from '@credence/shared';
import { schemaLabel } from '../../lib/format';

type Restriction = Record<string, string>;
interface ProposalShape {
  requested_attributes?: Record<string, { name?: string; names?: string[]; restrictions?: Restriction[] }>;
  requested_predicates?: Record<string, { name: string; p_type: '<' | '<=' | '>=' | '>'; p_value: number; restrictions?: Restriction[] }>;
}

/** The credential a restriction names, when it names one by its schema ("Student ID 1.2"). */
const credentialOf = (restrictions: Restriction[] | undefined): string | undefined => {
  for (const r of restrictions ?? []) {
    if (r.schema_id) return schemaLabel(r.schema_id);
    if (r.schema_name) return r.schema_version ? `${r.schema_name} ${r.schema_version}` : r.schema_name;
  }
  return undefined;
};

/**
 * What a presentation proposal offers, in a clerk's words: "Offers to show Name, Degree and prove Age
 * at least 18 — from Student ID 1.2"; undefined when the record holds no proposal.
 */
export function proposalInWords(byFormat: Record<string, Record<string, unknown>> | null | undefined): string | undefined {
  const formats = byFormat?.pres_proposal as Record<string, ProposalShape | undefined> | undefined;
  const proposal = formats?.anoncreds ?? formats?.indy;
  if (!proposal) return undefined;
  const attributes = Object.values(proposal.requested_attributes ?? {});
  const predicates = Object.values(proposal.requested_predicates ?? {});
  const shown = attributes.flatMap((a) => a.names ?? (a.name ? [a.name] : [])).map((n) => labelOf(n));
  const proved = predicates.map((p) => predicateInWords(p));
  const parts = [shown.length > 0 && `show ${shown.join(', ')}`, proved.length > 0 && `prove ${proved.join(', ')}`].filter(Boolean);
  if (parts.length === 0) return undefined;
  const credential = [...attributes, ...predicates].map((item) => credentialOf(item.restrictions)).find(Boolean);
  return `Offers to ${parts.join(' and ')}${credential ? ` — from ${credential}` : ''}`;
}
