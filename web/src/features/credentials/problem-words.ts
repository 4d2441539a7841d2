import type { CredExRecord } from '@credence/shared';
import { abandonedInWords as inWords, type KnownProblem } from '../../lib/abandoned-words';

/** Problem reports whose description ACA-Py and wallets send often about a credential, in a clerk's words. */
const known = (role: CredExRecord['role']): KnownProblem[] => [
  [/issuer abandoned|issuance.abandoned/i, () => (role === 'issuer' ? 'we gave up on this exchange.' : 'the issuer gave up on this exchange.')],
  [/holder (declined|abandoned)|declined|rejected/i, () => (role === 'holder' ? 'we declined the offer.' : 'the person declined the offer.')],
];

/** An abandoned credential exchange's reason in plain words ("Abandoned: the person declined the offer."). */
export const abandonedInWords = (record: Pick<CredExRecord, 'state' | 'role' | 'error_msg'>): string | undefined => inWords(record, known(record.role));
