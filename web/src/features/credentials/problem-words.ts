import type { CredExRecord } from '@credence/shared';
import { translate } from '../../i18n/active-intl';
import { abandonedInWords as inWords, type KnownProblem } from '../../lib/abandoned-words';

/** Problem reports whose description ACA-Py and wallets send often about a credential, in a clerk's words. */
const known = (role: CredExRecord['role']): KnownProblem[] => [
  [/issuer abandoned|issuance.abandoned/i, () => translate(role === 'issuer' ? 'abandoned.weGaveUp' : 'abandoned.issuerGaveUp')],
  [/holder (declined|abandoned)|declined|rejected/i, () => translate(role === 'holder' ? 'abandoned.weDeclinedOffer' : 'abandoned.personDeclinedOffer')],
];

/** An abandoned credential exchange's reason in plain words ("Abandoned: the person declined the offer."). */
export const abandonedInWords = (record: Pick<CredExRecord, 'state' | 'role' | 'error_msg'>): string | undefined => inWords(record, known(record.role));
