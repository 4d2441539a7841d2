import {
  CREDENTIAL_PREVIEW_TYPE,
  DATEINT_HINT,
  isDateint,
  isDateintAttribute,
  labelOf,
  localDay,
  resolveTemplateRequest,
  templateAsks,
  type AttributeLabels,
  type CalendarDay,
  type CreateOfferBody,
  type OwnCredDef,
  type ProofTemplate,
  predicateInWords,
} from '@credence/shared';
import { z } from 'zod';
import { nameInValues } from '../../lib/credential-words';

export const PREDICATE_TYPES = ['>=', '>', '<=', '<'] as const;
export type PredicateType = (typeof PREDICATE_TYPES)[number];
const PREDICATE_CODE = { '>=': 'GE', '>': 'GT', '<=': 'LE', '<': 'LT' } as const;

/** What a verifier checks at the counter: attributes of one of this agent's credentials, and one optional predicate. */
export const checkFormSchema = z
  .object({
    credDefId: z.string().min(1, 'Choose the credential to check.'),
    attributes: z.array(z.string()).min(1, 'Choose at least one thing the person shows.'),
    predicate: z.object({
      name: z.string(),
      p_type: z.enum(PREDICATE_TYPES),
      p_value: z.string().trim(),
    }),
  })
  .superRefine((values, ctx) => {
    if (values.predicate.name && !/^-?\d{1,15}$/.test(values.predicate.p_value)) {
      ctx.addIssue({ code: 'custom', path: ['predicate', 'p_value'], message: 'Enter a whole number, e.g. 18.' });
    }
  });
export type CheckFormValues = z.infer<typeof checkFormSchema>;

export const emptyCheck: CheckFormValues = { credDefId: '', attributes: [], predicate: { name: '', p_type: '>=', p_value: '' } };

/** One check, as the form left it, with the definition it names. */
export interface Check {
  definition: OwnCredDef;
  values: CheckFormValues;
}

const referent = (name: string) => name.replace(/[^A-Za-z0-9]+/g, '_');

/**
 * The proof request a counter check sends: each attribute and the predicate restricted to the chosen
 * definition (anyone can issue themselves a credential with the same attribute names), valid now
 * when the definition is revocable; verified by the agent as soon as it arrives, and kept afterwards
 * so the counter can show the result.
 */
export function counterProofRequest({ definition, values }: Check, nowSeconds = Math.floor(Date.now() / 1000)) {
  const restrictions = [{ cred_def_id: definition.credDefId }];
  const predicate = values.predicate.name
    ? {
        [`0_${referent(values.predicate.name)}_${PREDICATE_CODE[values.predicate.p_type]}_uuid`]: {
          name: values.predicate.name,
          p_type: values.predicate.p_type,
          p_value: Number(values.predicate.p_value),
          restrictions,
        },
      }
    : {};
  const request = {
    name: `${definition.schemaName} check`,
    version: '1.0',
    requested_attributes: Object.fromEntries(values.attributes.map((name, i) => [`${i}_${referent(name)}_uuid`, { name, restrictions }])),
    requested_predicates: predicate,
    ...(definition.revocable && { non_revoked: { from: nowSeconds, to: nowSeconds } }),
  };
  return {
    presentation_request: { [definition.format]: request },
    auto_verify: true,
    auto_remove: false,
    comment: `Show your ${definition.schemaName}`,
  };
}

/** What the clerk sees they are checking, in the definition's labels: "Name, Degree; Enrolment year at least 2018". */
export function checkSummary({ values }: Check, labels?: AttributeLabels, on: CalendarDay = localDay(new Date())): string {
  const { name, p_type, p_value } = values.predicate;
  const predicate = name ? predicateInWords({ name, p_type, p_value: Number(p_value) }, labels, on) : '';
  return [values.attributes.map((attribute) => labelOf(attribute, labels)).join(', '), predicate].filter(Boolean).join('; ');
}

/** An issuer's counter offer: one value per attribute of the chosen definition's schema. */
export const offerFormSchema = z.object({
  credDefId: z.string().min(1, 'Choose the credential to issue.'),
  values: z.array(
    z.object({ name: z.string(), value: z.string().trim().min(1, 'Fill this in.').max(10_000, 'At most 10,000 characters.') }).superRefine((row, ctx) => {
      // A date compared as a number by proofs (RFC 0592): anything else would fail every such check later.
      if (isDateintAttribute(row.name) && row.value !== '' && !isDateint(row.value)) ctx.addIssue({ code: 'custom', path: ['value'], message: DATEINT_HINT });
    }),
  ),
});
export type OfferFormValues = z.infer<typeof offerFormSchema>;

/** The offer record a counter creates: no connection, issued as soon as the wallet asks, kept afterwards. */
export function counterOffer(definition: OwnCredDef, values: OfferFormValues['values']): CreateOfferBody {
  return {
    filter: { [definition.format]: { cred_def_id: definition.credDefId } },
    credential_preview: { '@type': CREDENTIAL_PREVIEW_TYPE, attributes: values.map(({ name, value }) => ({ name, value: value.trim() })) },
    auto_issue: true,
    auto_remove: false,
    comment: `Your ${definition.schemaName}`,
  };
}

/** Who the credential is for, from an attribute that names the person ("name", "full_name", "holder_name"). */
export const personOf = (values: OfferFormValues['values']): string | undefined => nameInValues(values);

/** A counter check made from a saved proof-request template instead of the form. */
export interface TemplateAsk {
  template: ProofTemplate;
}
/** What the counter asks the person for: a check built on the page, or a saved template. */
export type CounterAsk = Check | TemplateAsk;
const fromTemplate = (ask: CounterAsk): ask is TemplateAsk => 'template' in ask;

/** The request record a counter creates for either kind of check: verified on arrival, kept afterwards. */
export function counterRequestBody(ask: CounterAsk, nowSeconds?: number) {
  if (!fromTemplate(ask)) return counterProofRequest(ask, nowSeconds);
  // A template's relative rules ("at least 18 years old", "not revoked now") are counted for this person, now.
  const now = nowSeconds === undefined ? new Date() : new Date(nowSeconds * 1000);
  return {
    presentation_request: resolveTemplateRequest(ask.template.presentation_request, ask.template.rules, now),
    auto_verify: true,
    auto_remove: false,
    comment: ask.template.name,
  };
}

/** Its name in a line ("Student ID", or the template's name) and what it asks for. */
export function askTitle(ask: CounterAsk): string {
  return fromTemplate(ask) ? ask.template.name : ask.definition.schemaName;
}
export function askSummary(ask: CounterAsk, labels?: AttributeLabels): string {
  return fromTemplate(ask) ? templateAsks(ask.template.presentation_request, ask.template.rules) : checkSummary(ask, labels);
}
/** The wallet's goal line: "Show your Student ID", or the template's name. */
export function askGoal(ask: CounterAsk): string {
  return fromTemplate(ask) ? ask.template.name : `Show your ${ask.definition.schemaName}`;
}
export const builtValues = (ask: CounterAsk | undefined): CheckFormValues | undefined => (ask && !fromTemplate(ask) ? ask.values : undefined);
