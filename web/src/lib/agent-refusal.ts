/** The agent's refusals a clerk meets most, in plain words; the agent's own text stays as the detail. */
const known: [RegExp, string][] = [
  [/mismatch corresponding schema attributes/i, "The attributes do not match the credential definition's schema."],
  [/no operable cred def|no credential definition/i, 'This agent has no credential definition matching what was chosen.'],
  [/connection .*not (ready|active)|not ready/i, 'The connection is not active yet: the holder has not finished connecting.'],
  [/record not found/i, 'The agent no longer has this record.'],
  // ACA-Py's state check ("… in abandoned state (must be request-received)") after the other side's problem report.
  [/ in abandoned state/i, 'The other side gave up on this exchange (it was abandoned).'],
  [/^not found$/i, 'The agent does not offer this (an older or differently configured ACA-Py?).'],
  [/already (exists|in use)/i, 'This already exists on the agent.'],
  [/invalid.*invitation|invitation.*invalid/i, 'The agent could not read this invitation.'],
  [/upgrade in progress/i, 'The agent is upgrading its wallet; try again in a minute.'],
];

export interface Refusal {
  /** What a person should read first. */
  summary: string;
  /** The agent's or the console's own words, when they add something. */
  detail: string | undefined;
  /** The summary says what happened in plain words (the detail is then technical, for "Technical details"). */
  known?: boolean;
}

export function plainRefusal(message: string, status?: number): Refusal {
  for (const [pattern, summary] of known) if (pattern.test(message)) return { summary, detail: message, known: true };
  if (status === 0) return { summary: message, detail: undefined };
  if (status !== undefined && status >= 500) return { summary: 'The agent could not do this just now.', detail: message };
  return { summary: 'The agent refused this.', detail: message };
}
