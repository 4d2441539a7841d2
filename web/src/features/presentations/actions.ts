import type { PresExRecord } from '@credence/shared';
import { closingActions, type ExchangeAction } from '../../components/exchange-actions/ExchangeActions';

export type PresentationActionId = 'send-request' | 'verify-presentation' | 'prepare-presentation' | 'problem-report' | 'remove';

const steps: Record<string, Record<string, Omit<ExchangeAction, 'primary'>>> = {
  verifier: {
    'proposal-received': { id: 'send-request', label: 'Send request', done: 'Request sent' },
    'presentation-received': { id: 'verify-presentation', label: 'Verify', done: 'Verification finished' },
  },
  prover: {
    // Opens the form where the clerk picks credentials; sending happens from there.
    'request-received': { id: 'prepare-presentation', label: 'Prepare presentation', done: 'Presentation sent' },
  },
};

/** The actions valid for this presentation exchange now, the spec's advised one first. */
export function presentationActions(record: Pick<PresExRecord, 'role' | 'state'>): ExchangeAction[] {
  const step = steps[record.role]?.[record.state];
  return [...(step ? [{ ...step, primary: true }] : []), ...closingActions(record.state)];
}
