import { labelOf, predicateInWords } from '@credence/shared';
import type { MessageValues } from '../../i18n/active-intl';
import type { MessageKey } from '../../i18n/catalogue';
import { schemaLabel } from '../../lib/format';

type Restriction = Record<string, string>;
interface ProposalShape {
  requested_attributes?: Record<string, { name?: string; names?: string[]; restrictions?: Restriction[] }>;
  requested_predicates?: Record<string, { name: string; p_type: '<' | '<=' | '>=' | '>'; p_value: number; restrictions?: Restriction[] }>;
}

/** What a presentation proposal offers: the attributes shown, the claims proved, the credential they come from. */
export interface ProposalSummary {
  shown: string[];
  proved: string[];
  credential: string | undefined;
}

/** The credential a restriction names, when it names one by its schema ("Student ID 1.2"). */
const credentialOf = (restrictions: Restriction[] | undefined): string | undefined => {
  for (const r of restrictions ?? []) {
    if (r.schema_id) return schemaLabel(r.schema_id);
    if (r.schema_name) return r.schema_version ? `${r.schema_name} ${r.schema_version}` : r.schema_name;
  }
  return undefined;
};

/** What a record's presentation proposal holds; undefined when it holds none, or nothing to show or prove. */
export function readProposal(byFormat: Record<string, Record<string, unknown>> | null | undefined): ProposalSummary | undefined {
  const formats = byFormat?.pres_proposal as Record<string, ProposalShape | undefined> | undefined;
  const proposal = formats?.anoncreds ?? formats?.indy;
  if (!proposal) return undefined;
  const attributes = Object.values(proposal.requested_attributes ?? {});
  const predicates = Object.values(proposal.requested_predicates ?? {});
  const shown = attributes.flatMap((a) => a.names ?? (a.name ? [a.name] : [])).map((n) => labelOf(n));
  const proved = predicates.map((p) => predicateInWords(p));
  if (shown.length === 0 && proved.length === 0) return undefined;
  const credential = [...attributes, ...predicates].map((item) => credentialOf(item.restrictions)).find(Boolean);
  return { shown, proved, credential };
}

/**
 * A proposal in a clerk's words: "Offers to show Name, Degree and prove Age at least 18 — from Student ID 1.2"
 * ("Propose de montrer Nom, Diplôme et prouver …"), in the language of `t` and `locale`.
 */
export function proposalInWords(
  { shown, proved, credential }: ProposalSummary,
  t: (key: MessageKey, values?: MessageValues) => string,
  locale: string,
): string {
  const parts = [
    ...(shown.length > 0 ? [t('needsMe.proposal.show', { names: shown.join(', ') })] : []),
    ...(proved.length > 0 ? [t('needsMe.proposal.prove', { claims: proved.join(', ') })] : []),
  ];
  const what = new Intl.ListFormat(locale, { type: 'conjunction' }).format(parts);
  return credential ? t('needsMe.proposal.offersFrom', { what, credential }) : t('needsMe.proposal.offers', { what });
}
