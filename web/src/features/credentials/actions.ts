import type { CredExRecord } from '@credence/shared';

export type CredentialActionId = 'send-offer' | 'send-request' | 'issue' | 'store' | 'problem-report' | 'remove';

export interface CredentialAction {
  id: CredentialActionId;
  label: string;
  /** The spec's advised action for this state: shown first, as the primary button. */
  primary: boolean;
  /** What a person sees once it worked. */
  done: string;
}

const FINISHED = new Set(['done', 'abandoned', 'credential-revoked']);

/** The protocol step each role can take in each state; the agent refuses anything else with 400. */
const steps: Record<string, Record<string, Omit<CredentialAction, 'primary'>>> = {
  issuer: {
    'proposal-received': { id: 'send-offer', label: 'Send offer', done: 'Offer sent' },
    'request-received': { id: 'issue', label: 'Issue credential', done: 'Credential issued' },
  },
  holder: {
    'offer-received': { id: 'send-request', label: 'Send request', done: 'Request sent' },
    'credential-received': { id: 'store', label: 'Store credential', done: 'Credential stored' },
  },
};

/** The actions valid for this record now, the advised one first. Nothing invalid is offered. */
export function credentialActions(record: Pick<CredExRecord, 'role' | 'state'>): CredentialAction[] {
  const actions: CredentialAction[] = [];
  const step = steps[record.role]?.[record.state];
  if (step) actions.push({ ...step, primary: true });
  if (!FINISHED.has(record.state)) {
    actions.push({ id: 'problem-report', label: 'Abandon…', primary: false, done: 'Exchange abandoned' });
  }
  actions.push({ id: 'remove', label: 'Remove…', primary: false, done: 'Record removed' });
  return actions;
}
