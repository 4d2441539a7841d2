/**
 * v1.0 ↔ v2.0 names. The v1.0 interface wrote states in snake_case and named ids
 * credential_exchange_id / presentation_exchange_id; v2.0 uses kebab-case and cred_ex_id / pres_ex_id.
 * The topic alone decides which vocabulary a payload speaks: never guess from the fields.
 */
export const topicVersions = {
  issue_credential: { version: 'v1', kind: 'credential', idField: 'credential_exchange_id' },
  present_proof: { version: 'v1', kind: 'presentation', idField: 'presentation_exchange_id' },
  issue_credential_v2_0: { version: 'v2', kind: 'credential', idField: 'cred_ex_id' },
  present_proof_v2_0: { version: 'v2', kind: 'presentation', idField: 'pres_ex_id' },
} as const;

export type ExchangeTopic = keyof typeof topicVersions;

export function isExchangeTopic(topic: string): topic is ExchangeTopic {
  return Object.hasOwn(topicVersions, topic);
}

/** `offer_sent` → `offer-sent`. */
export function v1StateToV2(state: string): string {
  return state.replaceAll('_', '-');
}

/** `offer-sent` → `offer_sent`. */
export function v2StateToV1(state: string): string {
  return state.replaceAll('-', '_');
}
