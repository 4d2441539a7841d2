import { useCallback } from 'react';
import type { MessageKey } from '../i18n/catalogue';
import { useT } from '../i18n/use-t';
import { humanize } from './format';

// The agent's exchange states and roles (shared/src/state-names.ts), as a clerk reads them.
const states: Record<string, MessageKey> = {
  'proposal-sent': 'exchangeState.proposalSent',
  'proposal-received': 'exchangeState.proposalReceived',
  'offer-sent': 'exchangeState.offerSent',
  'offer-received': 'exchangeState.offerReceived',
  'request-sent': 'exchangeState.requestSent',
  'request-received': 'exchangeState.requestReceived',
  'credential-issued': 'exchangeState.credentialIssued',
  'credential-received': 'exchangeState.credentialReceived',
  'credential-revoked': 'exchangeState.credentialRevoked',
  'presentation-sent': 'exchangeState.presentationSent',
  'presentation-received': 'exchangeState.presentationReceived',
  done: 'exchangeState.done',
  abandoned: 'exchangeState.abandoned',
  deleted: 'exchangeState.deleted',
};

const roles: Record<string, MessageKey> = {
  issuer: 'exchangeRole.issuer',
  holder: 'exchangeRole.holder',
  prover: 'exchangeRole.prover',
  verifier: 'exchangeRole.verifier',
};

/** An exchange's state and role in words; a state the agent adds later is shown as the agent names it. */
export function useExchangeWords() {
  const t = useT();
  const state = useCallback((value: string) => (states[value] ? t(states[value]) : humanize(value)), [t]);
  const role = useCallback((value: string) => (roles[value] ? t(roles[value]) : humanize(value)), [t]);
  return { state, role };
}
