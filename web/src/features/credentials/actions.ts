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
    'offer-received': { id: 'send-request', label: 'Send request', done: 'Request sent' },
    'credential-received': { id: 'store', label: 'Store credential', done: 'Credential stored' },
  },
};

/** The actions valid for this record now, the advised one first. Nothing invalid is offered. */
export function credentialActions(record: Pick<CredExRecord, 'role' | 'state'>): ExchangeAction[] {
  const step = steps[record.role]?.[record.state];
  return [...(step ? [{ ...step, primary: true }] : []), ...closingActions(record.state)];
}
