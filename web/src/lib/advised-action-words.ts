import type { MessageKey } from '../i18n/catalogue';

// The spec's advised actions (shared/src/advised-actions.ts) by kind and state, as their buttons are labelled.
const labels: Record<'credential' | 'presentation', Record<string, MessageKey>> = {
  credential: {
    'proposal-received': 'action.reviewProposal',
    'offer-received': 'action.reviewOffer',
    'request-received': 'action.issueCredential',
    'credential-received': 'action.storeCredential',
  },
  presentation: {
    'proposal-received': 'action.reviewProposal',
    'request-received': 'action.preparePresentation',
    'presentation-received': 'action.verify',
  },
};

/** The catalogue key of the action advised for an exchange of `kind` in `state`, if the spec advises one. */
export function advisedActionLabel(kind: 'credential' | 'presentation', state: string): MessageKey | undefined {
  return labels[kind][state];
}

const advice: Record<'credential' | 'presentation', Record<string, MessageKey>> = {
  credential: {
    'proposal-received': 'action.advice.reviewCredentialProposal',
    'offer-received': 'action.advice.reviewOffer',
    'request-received': 'action.advice.issueCredential',
    'credential-received': 'action.advice.storeCredential',
  },
  presentation: {
    'proposal-received': 'action.advice.reviewPresentationProposal',
    'request-received': 'action.advice.preparePresentation',
    'presentation-received': 'action.advice.verify',
  },
};

/** The catalogue key of the spec's wording of that advice (a button's title), if it advises one. */
export function advisedActionAdvice(kind: 'credential' | 'presentation', state: string): MessageKey | undefined {
  return advice[kind][state];
}
