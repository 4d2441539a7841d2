import type { PresExRecord } from '@credence/shared';

/** Problem reports whose description ACA-Py and wallets send often, in a clerk's words. */
const known: [RegExp, (role: PresExRecord['role']) => string][] = [
  [/verifier abandoned/i, () => 'the verifier gave up on this exchange.'],
  [/prover (declined|abandoned)|declined/i, (role) => (role === 'prover' ? 'we declined the request.' : 'the person asked declined to answer.')],
  [
    /no (matching )?credential/i,
    (role) => (role === 'prover' ? 'our wallet holds no credential that answers the request.' : 'their wallet holds no credential that answers the request.'),
  ],
];

/**
 * An abandoned exchange's reason in plain words ("Abandoned: the verifier gave up on this exchange."),
 * undefined for any other error. The agent's own message (`abandoned: Verifier abandoned the exchange`)
 * stays under Technical details.
 */
export function abandonedInWords(record: Pick<PresExRecord, 'state' | 'role' | 'error_msg'>): string | undefined {
  if (record.state !== 'abandoned') return undefined;
  const description = (record.error_msg ?? '').replace(/^[a-z-]+:\s*/, '').trim();
  if (!description) return 'the exchange stopped without a reason given.';
  const match = known.find(([pattern]) => pattern.test(description));
  return match ? match[1](record.role) : `the exchange stopped. The reason given: “${description}”`;
}
