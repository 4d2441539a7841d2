import { schemaLabel, type CredExRecord } from '@credence/shared';
import type { NextStep } from '../../components/ui/NextSteps';
import { translate } from '../../i18n/active-intl';

/** The person a credential is for, from a value that names them ("name", "full_name", "holder_name"): a counter's credential has no connection. */
export function personInValues(attributes: readonly { name: string; value: string }[] | undefined): string | undefined {
  const named = attributes?.find(({ name }) => /^(full_?)?name$|(^|_)(holder|person|full)_?name$/i.test(name));
  return named?.value.trim() || undefined;
}

/**
 * "Student ID 1.2 for Bob Smith" (we issue), "Student ID 1.2 from Faber College" (we hold); without a
 * connection (a counter's QR code), the person the values name. Just the credential when nobody is known.
 */
export function credentialTitle(
  record: Pick<CredExRecord, 'role' | 'connection_id'>,
  schemaId: string | undefined,
  person: string | undefined,
  attributes: readonly { name: string; value: string }[] | undefined,
): string {
  const what = schemaLabel(schemaId) ?? translate('credential.title.exchange');
  const who = record.connection_id ? person : personInValues(attributes);
  if (!who) return what;
  return translate(record.role === 'holder' && record.connection_id ? 'credential.title.from' : 'credential.title.for', { credential: what, person: who });
}

/** Where an issuer or a holder goes from here: offer another, the next person at the counter, back to the person. */
export function credentialNextSteps(record: Pick<CredExRecord, 'role' | 'connection_id' | 'state'>, person: string | undefined): NextStep[] {
  const steps: NextStep[] = [];
  const finished = record.state === 'done' || record.state === 'credential-issued' || record.state === 'abandoned';
  if (record.connection_id) {
    if (record.role === 'issuer') {
      steps.push({
        label: translate('credential.next.offerAnother', { person: person ?? translate('credential.next.thisConnection') }),
        to: `/credentials/new?connection=${record.connection_id}`,
        primary: finished,
      });
    }
    steps.push({
      label: translate('credential.next.backTo', { person: person ?? translate('credential.next.theConnection') }),
      to: `/connections/${record.connection_id}`,
    });
  } else if (record.role === 'issuer') {
    steps.push({ label: translate('credential.next.counter'), to: '/credentials/counter', primary: finished });
  }
  steps.push({ label: translate('credential.next.all'), to: '/credentials' });
  return steps;
}
