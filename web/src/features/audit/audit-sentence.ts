import { auditSummaryWords, type AuditSummaryCode } from '@credence/shared';
import type { MessageKey } from '../../i18n/catalogue';
import type { MessageValues } from '../../i18n/active-intl';

/**
 * Each sentence the BFF writes in the log, written out (docs/i18n.md: keys are named literally), nested by the
 * code's first part: a quoted `area.purpose` would read as a catalogue key to the catalogue check.
 */
const sentenceKeys = {
  connection: {
    invitationAccepted: 'audit.entry.connection.invitationAccepted',
    invitationAcceptedFrom: 'audit.entry.connection.invitationAcceptedFrom',
    invitationCreated: 'audit.entry.connection.invitationCreated',
    invitationCreatedFor: 'audit.entry.connection.invitationCreatedFor',
    removed: 'audit.entry.connection.removed',
    removedUnnamed: 'audit.entry.connection.removedUnnamed',
  },
  credential: {
    declined: 'audit.entry.credential.declined',
    issueTried: 'audit.entry.credential.issueTried',
    issued: 'audit.entry.credential.issued',
    offerTried: 'audit.entry.credential.offerTried',
    offered: 'audit.entry.credential.offered',
    offeredAnswering: 'audit.entry.credential.offeredAnswering',
    proposed: 'audit.entry.credential.proposed',
    qrOffered: 'audit.entry.credential.qrOffered',
    removed: 'audit.entry.credential.removed',
    requested: 'audit.entry.credential.requested',
    stored: 'audit.entry.credential.stored',
  },
  invitation: {
    qrLink: 'audit.entry.invitation.qrLink',
  },
  proof: {
    askTried: 'audit.entry.proof.askTried',
    asked: 'audit.entry.proof.asked',
    askedAnswering: 'audit.entry.proof.askedAnswering',
    declined: 'audit.entry.proof.declined',
    qrRequested: 'audit.entry.proof.qrRequested',
    removed: 'audit.entry.proof.removed',
  },
  register: {
    backfilled: 'audit.entry.register.backfilled',
  },
  revocation: {
    cleared: 'audit.entry.revocation.cleared',
    noneWaiting: 'audit.entry.revocation.noneWaiting',
  },
  session: {
    logInTried: 'audit.entry.session.logInTried',
    loggedIn: 'audit.entry.session.loggedIn',
    loggedOut: 'audit.entry.session.loggedOut',
  },
  template: {
    changeTried: 'audit.entry.template.changeTried',
    changed: 'audit.entry.template.changed',
    deleteTried: 'audit.entry.template.deleteTried',
    deleted: 'audit.entry.template.deleted',
    saveTried: 'audit.entry.template.saveTried',
    saved: 'audit.entry.template.saved',
  },
  wallet: {
    upgraded: 'audit.entry.wallet.upgraded',
  },
} as const satisfies { [A in AuditSummaryCode as A extends `${infer Area}.${string}` ? Area : never]: Record<string, MessageKey> };

/** The words the BFF uses when it does not know a name. */
const generic: Record<string, MessageKey> = {
  'a credential': 'audit.entry.aCredential',
  'a connection': 'audit.entry.aConnection',
  'a proof': 'audit.entry.aProof',
};

/** The catalogue key of a sentence's code. */
export function auditSentenceKey(code: AuditSummaryCode): MessageKey {
  const [area, purpose] = code.split('.') as [keyof typeof sentenceKeys, string];
  return (sentenceKeys[area] as Record<string, MessageKey>)[purpose]!;
}

type Translate = (key: MessageKey, values?: MessageValues) => string;

/** A value of the sentence: a name as written, the BFF's generic words and quotes in the reader's language. */
function valueInWords(value: string, t: Translate): string {
  const key = generic[value];
  if (key) return t(key);
  const quoted = /^“(.+)”$/s.exec(value);
  return quoted ? t('audit.entry.quoted', { name: quoted[1] }) : value;
}

/**
 * An entry's sentence ("issued Student ID 1.2 to Ada Lovelace") in the reader's language, recovered from the
 * English the log keeps (decision 041); a sentence of no known template is shown as written.
 */
export function auditSentence(summary: string, t: Translate): string {
  const words = auditSummaryWords(summary);
  if (!words) return summary;
  const values = Object.fromEntries(Object.entries(words.params).map(([name, value]) => [name, valueInWords(value, t)]));
  return t(auditSentenceKey(words.code), values);
}
