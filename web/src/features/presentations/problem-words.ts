import type { PresExRecord } from '@credence/shared';
import { abandonedInWords as inWords, type KnownProblem } from '../../lib/abandoned-words';

/** Problem reports whose description ACA-Py and wallets send often about a presentation, in a clerk's words. */
const known = (role: PresExRecord['role']): KnownProblem[] => [
  [/verifier abandoned/i, () => 'the verifier gave up on this exchange.'],
  [/prover (declined|abandoned)|declined/i, () => (role === 'prover' ? 'we declined the request.' : 'the person asked declined to answer.')],
  [
    /no (matching )?credential/i,
    () => (role === 'prover' ? 'our wallet holds no credential that answers the request.' : 'their wallet holds no credential that answers the request.'),
  ],
];

/** An abandoned presentation's reason in plain words ("Abandoned: the verifier gave up on this exchange."). */
export const abandonedInWords = (record: Pick<PresExRecord, 'state' | 'role' | 'error_msg'>): string | undefined => inWords(record, known(record.role));
