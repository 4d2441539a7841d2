import { translate } from '../i18n/active-intl';

/** A problem report's description the agents and wallets send often, and how a clerk would say it. */
export type KnownProblem = [pattern: RegExp, inWords: () => string];

/**
 * An abandoned exchange's reason in plain words ("the verifier gave up on this exchange."), undefined for a
 * record in any other state. The agent's own message (`abandoned: Verifier abandoned the exchange`) is for the
 * Technical details; an unknown reason is quoted as given.
 */
export function abandonedInWords(record: { state?: string | null; error_msg?: string | null }, known: readonly KnownProblem[]): string | undefined {
  if (record.state !== 'abandoned') return undefined;
  const description = (record.error_msg ?? '').replace(/^[a-z-]+:\s*/, '').trim();
  if (!description) return translate('abandoned.noReason');
  const match = known.find(([pattern]) => pattern.test(description));
  return match ? match[1]() : translate('abandoned.quoted', { reason: description });
}
