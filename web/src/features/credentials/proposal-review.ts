import { CREDENTIAL_PREVIEW_TYPE, type BoundOfferBody, type OwnCredDef } from '@credence/shared';

export interface ProposalDraft {
  credDefId: string;
  attributes: { name: string; value: string }[];
}

interface Proposed {
  credDefId: string | undefined;
  schemaId: string | undefined;
  attributes: readonly { name: string; value: string }[];
}

/** Where a review starts: the proposed definition if it is ours (else ours on the proposed schema), the proposed values. */
export function proposalStart(proposed: Proposed, ours: readonly OwnCredDef[]): ProposalDraft {
  const definition =
    ours.find((d) => d.credDefId === proposed.credDefId) ?? ours.find((d) => proposed.schemaId !== undefined && d.schemaId === proposed.schemaId);
  const values = new Map(proposed.attributes.map((a) => [a.name, a.value]));
  const names = definition?.attributes ?? proposed.attributes.map((a) => a.name);
  return { credDefId: definition?.credDefId ?? proposed.credDefId ?? '', attributes: names.map((name) => ({ name, value: values.get(name) ?? '' })) };
}

/** `{}` when nothing changed (offer as proposed), else the counter-offer's filter and preview. */
export function counterOfferBody(proposed: Proposed, draft: ProposalDraft, chosen: OwnCredDef | undefined): BoundOfferBody {
  const sameDefinition = draft.credDefId === proposed.credDefId;
  const sameValues =
    draft.attributes.length === proposed.attributes.length &&
    draft.attributes.every((a) => proposed.attributes.some((p) => p.name === a.name && p.value === a.value));
  if (sameDefinition && sameValues) return {};
  return {
    filter: { [chosen?.format ?? 'indy']: { cred_def_id: draft.credDefId } },
    counter_preview: { '@type': CREDENTIAL_PREVIEW_TYPE, attributes: draft.attributes.map((a) => ({ name: a.name, value: a.value })) },
  };
}
