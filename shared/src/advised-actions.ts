import type { CredentialState, PresentationState } from './states.js';

/** The spec's "Controller actions advised on reaching a state", with who may act and what to call it. */
export interface AdvisedAction {
  /** Short label for a button or a badge. */
  label: string;
  /** The spec's wording of the advice. */
  advice: string;
}

const credentialAdvice: Partial<Record<CredentialState, AdvisedAction>> = {
  // Not in the spec's list, but the holder waits on the issuer here: the console offers "Offer as proposed".
  'proposal-received': {
    label: 'Review proposal',
    advice: 'Review what the holder proposed and send an offer, as proposed or changed, or decline it.',
  },
  'offer-received': {
    label: 'Review offer',
    advice: 'Fetch the offer details and decide whether to send a request.',
  },
  'request-received': { label: 'Issue credential', advice: 'Issue the credential.' },
  'credential-received': { label: 'Store credential', advice: 'Store the credential.' },
};

const presentationAdvice: Partial<Record<PresentationState, AdvisedAction>> = {
  // As for credentials: the prover waits on the verifier, who can send a request from the proposal.
  'proposal-received': {
    label: 'Review proposal',
    advice: 'Review what the prover proposed and send a proof request for it.',
  },
  'request-received': {
    label: 'Prepare presentation',
    advice: 'Prepare and send a presentation.',
  },
  'presentation-received': { label: 'Verify', advice: 'Verify the presentation.' },
};

export function advisedCredentialAction(state: string): AdvisedAction | undefined {
  return credentialAdvice[state as CredentialState];
}

export function advisedPresentationAction(state: string): AdvisedAction | undefined {
  return presentationAdvice[state as PresentationState];
}
