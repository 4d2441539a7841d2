import {
  isAnoncredsWallet,
  CREDENTIAL_PREVIEW_TYPE,
  createOfferBodySchema,
  indyPatterns,
  sendOfferBodySchema,
  type CreateOfferBody,
  type OwnCredDef,
  type SendOfferBody,
  agentApiRefs,
  isDateint,
  isDateintAttribute,
  kindOf,
  valueProblem,
  type AttributeKind,
} from '@credence/shared';
import type { z } from 'zod';
import { translate } from '../../i18n/active-intl';
import { bodyResolver } from '../../lib/body-resolver';

export const indyFilterFields = ['cred_def_id', 'schema_id', 'schema_issuer_did', 'schema_name', 'schema_version', 'issuer_did'] as const;
export const anoncredsFilterFields = ['cred_def_id', 'schema_id', 'schema_issuer_id', 'schema_name', 'schema_version', 'issuer_id'] as const;
export type FormatKey = 'indy' | 'anoncreds';

export interface OfferFormValues {
  /** Which call the form makes: send-offer to a connection, or create (an offer record only). */
  mode: 'send' | 'create';
  connection_id: string;
  formats: Record<FormatKey, boolean>;
  filter: {
    indy: Record<(typeof indyFilterFields)[number], string>;
    anoncreds: Record<(typeof anoncredsFilterFields)[number], string>;
  };
  credential_preview: { attributes: { name: string; value: string; 'mime-type': string }[] };
  auto_issue: boolean;
  auto_remove: boolean;
  comment: string;
}

const blank = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, ''])) as Record<K, string>;

export function emptyOffer(walletType: string | null | undefined): OfferFormValues {
  const anoncredsWallet = isAnoncredsWallet(walletType);
  return {
    mode: 'send',
    connection_id: '',
    formats: { indy: !anoncredsWallet, anoncreds: anoncredsWallet },
    filter: { indy: blank(indyFilterFields), anoncreds: blank(anoncredsFilterFields) },
    credential_preview: { attributes: [{ name: '', value: '', 'mime-type': '' }] },
    auto_issue: false,
    auto_remove: false,
    comment: '',
  };
}

function filled(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([, v]) => v.trim() !== '')
      .map(([k, v]) => [k, v.trim()]),
  );
}

/** Exactly the body the form sends: only the chosen formats, no empty fields, no empty comment. */
export function toOfferBody(values: OfferFormValues): SendOfferBody | CreateOfferBody {
  const filter: Partial<Record<FormatKey, Record<string, string>>> = {};
  for (const format of ['indy', 'anoncreds'] as const) if (values.formats[format]) filter[format] = filled(values.filter[format]);
  const body = {
    ...(values.mode === 'send' && { connection_id: values.connection_id }),
    filter,
    credential_preview: {
      '@type': CREDENTIAL_PREVIEW_TYPE,
      attributes: values.credential_preview.attributes.map((a) => ({
        name: a.name,
        value: a.value,
        ...(a['mime-type'].trim() && { 'mime-type': a['mime-type'].trim() }),
      })),
    },
    auto_issue: values.auto_issue,
    auto_remove: values.auto_remove,
    ...(values.comment.trim() && { comment: values.comment.trim() }),
  };
  return body as SendOfferBody | CreateOfferBody;
}

/**
 * The form with one of the agent's own definitions chosen: its id (and schema id) in the filter of each
 * ticked format — its own format when none is — other filter fields cleared, one empty row per schema attribute.
 */
export function fillFromDefinition(values: OfferFormValues, definition: OwnCredDef, options: { keepAttributes?: boolean } = {}): OfferFormValues {
  const formats = values.formats.indy || values.formats.anoncreds ? { ...values.formats } : { ...values.formats, [definition.format]: true };
  const filter = { indy: { ...values.filter.indy }, anoncreds: { ...values.filter.anoncreds } };
  if (formats.indy) {
    filter.indy = { ...blank(indyFilterFields), cred_def_id: definition.credDefId };
    if (indyPatterns.schema_id.test(definition.schemaId)) filter.indy.schema_id = definition.schemaId;
  }
  if (formats.anoncreds) filter.anoncreds = { ...blank(anoncredsFilterFields), cred_def_id: definition.credDefId, schema_id: definition.schemaId };
  const attributes = options.keepAttributes
    ? values.credential_preview.attributes
    : definition.attributes.map((name) => ({ name, value: '', 'mime-type': '' }));
  return { ...values, formats, filter, credential_preview: { attributes } };
}

/** Where the form's body goes: sent to a connection, or an offer record only (for a QR code or out-of-band message). */
export const offerRoute = (mode: OfferFormValues['mode']) => (mode === 'send' ? agentApiRefs.sendOffer : agentApiRefs.createOffer);

/** The filter-level rule ("indy and/or anoncreds") belongs to the format checkboxes. */
export const offerFieldPath = (path: string) => (path === 'filter' ? 'formats' : path);

/**
 * Each value as its kind asks (labels.ts): a date as a real day — the AnonCreds convention (RFC 0592): a
 * `_dateint` attribute holds a date as a number, so a proof can compare it ("born on or before
 * 20071121"); the agent takes any text, the form stops a clerk from issuing a value every such
 * predicate would later fail on — a number as a number, an e-mail address as one.
 */
const valuesAsTheirKind =
  (kindOfName: (name: string) => AttributeKind) => (body: { credential_preview: { attributes: { name: string; value: string }[] } }, ctx: z.RefinementCtx) =>
    body.credential_preview.attributes.forEach((a, index) => {
      const kind = kindOfName(a.name);
      // In the language in use when the form is checked (shared's valueProblem says only whether, in English).
      const problem =
        kind === 'date' && a.value !== '' && !isDateint(a.value.trim())
          ? translate(isDateintAttribute(a.name) ? 'offer.value.dateint' : 'offer.value.date')
          : valueProblem(a.name, a.value, kind) &&
            translate(kind === 'number' ? 'offer.value.number' : kind === 'email' ? 'offer.value.email' : 'offer.value.date');
      if (problem) ctx.addIssue({ code: 'custom', path: ['credential_preview', 'attributes', index, 'value'], message: problem });
    });

/** The form's resolver, checking each value as the chosen definition's labels say it is (a date, a number…). */
export function offerResolverFor(kindOfName: (name: string) => AttributeKind = (name) => kindOf(name)) {
  const sendOfferForm = sendOfferBodySchema.superRefine(valuesAsTheirKind(kindOfName));
  const createOfferForm = createOfferBodySchema.superRefine(valuesAsTheirKind(kindOfName));
  return bodyResolver<OfferFormValues, unknown>((values) => (values.mode === 'send' ? sendOfferForm : createOfferForm), toOfferBody, offerFieldPath);
}
export const offerResolver = offerResolverFor();

/** Errors the clerk cannot see with Advanced closed: the filter, the formats, attribute names and MIME types. */
export const isAdvancedError = (path: string) =>
  /^(filter|formats)(\.|$)/.test(path) || /^credential_preview\.attributes(\.\d+\.(name|mime-type))?$/.test(path);
