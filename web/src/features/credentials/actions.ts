import type { CredExRecord } from '@credence/shared';
import { closingActions, type ExchangeAction } from '../../components/exchange-actions/ExchangeActions';
import { translate } from '../../i18n/active-intl';
import type { MessageKey } from '../../i18n/catalogue';

export type CredentialActionId = 'send-offer' | 'send-request' | 'issue' | 'store' | 'problem-report' | 'remove';

/**
 * The protocol step each role can take in each state; the agent refuses anything else with 400. A
 * holder's proposal is answered from its review panel (ProposalReview), never with one blind click.
 */
const steps: Record<string, Record<string, { id: CredentialActionId; label: MessageKey; done: MessageKey }>> = {
  issuer: {
    'request-received': { id: 'issue', label: 'exchangeAction.issue', done: 'exchangeAction.issued' },
  },
  holder: {
    // Reviewed just above (OfferReview): accepting sends the request for the credential.
    'offer-received': { id: 'send-request', label: 'exchangeAction.acceptOffer', done: 'exchangeAction.requestSent' },
    'credential-received': { id: 'store', label: 'exchangeAction.store', done: 'exchangeAction.stored' },
  },
};

/** The actions valid for this record now, the advised one first, in the language in use. Nothing invalid is offered. */
export function credentialActions(record: Pick<CredExRecord, 'role' | 'state'>): ExchangeAction[] {
  const step = steps[record.role]?.[record.state];
  // To an offer made to us, abandoning is saying no.
  const declining = record.role === 'holder' && record.state === 'offer-received';
  const closing = closingActions(record.state).map((a) =>
    declining && a.id === 'problem-report' ? { ...a, label: translate('exchangeAction.decline'), done: translate('exchangeAction.declined') } : a,
  );
  return [...(step ? [{ id: step.id, label: translate(step.label), done: translate(step.done), primary: true }] : []), ...closing];
}
