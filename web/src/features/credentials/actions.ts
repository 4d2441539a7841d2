import type { CredExRecord } from '@credence/shared';
import { closingActions, type ExchangeAction } from '../../components/exchange-actions/ExchangeActions';

export type CredentialActionId = 'send-offer' | 'send-request' | 'issue' | 'store' | 'problem-report' | 'remove';

/**
 * The protocol step each role can take in each state; the agent refuses anything else with 400. A
 * holder's proposal is answered from its review panel (ProposalReview), never with one blind click.
 */
const steps: Record<string, Record<string, Omit<ExchangeAction, 'primary'>>> = {
  issuer: {
    'request-received': { id: 'issue', label: 'Issue credential', done: 'Credential issued' },
  },
  holder: {
    // Reviewed just above (OfferReview): accepting sends the request for the credential.
    'offer-received': { id: 'send-request', label: 'Accept and request the credential', done: 'Request sent' },
    'credential-received': { id: 'store', label: 'Store credential', done: 'Credential stored' },
  },
};

/** The actions valid for this record now, the advised one first. Nothing invalid is offered. */
export function credentialActions(record: Pick<CredExRecord, 'role' | 'state'>): ExchangeAction[] {
  const step = steps[record.role]?.[record.state];
  // To an offer made to us, abandoning is saying no.
  const declining = record.role === 'holder' && record.state === 'offer-received';
  const closing = closingActions(record.state).map((a) => (declining && a.id === 'problem-report' ? { ...a, label: 'Decline…', done: 'Offer declined' } : a));
  return [...(step ? [{ ...step, primary: true }] : []), ...closing];
}
