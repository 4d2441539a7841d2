/**
 * The audit log's sentences, as the BFF writes them (bff/src/audit/audit-describe.ts), each a template with
 * `{params}`. The English summary is what the log keeps and chains (decision 036); the browser recovers the
 * template and its values from it at read time (decision 041) to word the entry in the reader's language.
 * A summary no template matches is shown as written.
 */
export const auditSummaryTemplates = {
  'connection.invitationAccepted': 'accepted an invitation',
  'connection.invitationAcceptedFrom': 'accepted an invitation from {label}',
  'connection.invitationCreated': 'created an invitation',
  'connection.invitationCreatedFor': 'created an invitation for {alias}',
  'connection.removed': 'removed the connection {label}',
  'connection.removedUnnamed': 'removed the connection',
  'credential.declined': 'declined the exchange of {credential} with {holder}',
  'credential.issueTried': 'tried to issue {credential} to {holder}',
  'credential.issued': 'issued {credential} to {holder}',
  'credential.offerTried': 'tried to offer {credential} to {holder}',
  'credential.offered': 'offered {credential} to {holder}',
  'credential.offeredAnswering': 'offered {credential} to {holder}, answering their proposal',
  'credential.proposed': 'proposed {credential} to {holder}',
  'credential.qrOffered': 'made a QR-code offer of {credential}',
  'credential.removed': 'removed the exchange of {credential} with {holder} from the agent',
  'credential.requested': 'requested {credential} from {holder}',
  'credential.stored': 'stored {credential} from {holder}',
  'invitation.qrLink': 'made a QR-code link',
  'proof.askTried': 'tried to ask {peer} for {proof}',
  'proof.asked': 'asked {peer} for {proof}',
  'proof.askedAnswering': 'asked {peer} for {proof}, answering their proposal',
  'proof.declined': 'declined the proof exchange with {peer}',
  'proof.qrRequested': 'made a QR-code request for {proof}',
  'proof.removed': 'removed the proof exchange with {peer} from the agent',
  'register.backfilled': 'read the agent’s exchanges into the register',
  'revocation.cleared': 'cleared the pending revocations',
  'revocation.noneWaiting': 'published the pending revocations: none was waiting',
  'session.logInTried': 'tried to log in',
  'session.loggedIn': 'logged in',
  'session.loggedOut': 'logged out',
  'template.changeTried': 'tried to change the proof template {name}',
  'template.changed': 'changed the proof template {name} (version {version})',
  'template.deleteTried': 'tried to delete the proof template {name}',
  'template.deleted': 'deleted the proof template {name}',
  'template.saveTried': 'tried to save the proof template {name}',
  'template.saved': 'saved the proof template {name} (version {version})',
  'wallet.upgraded': 'upgraded the wallet {wallet} to askar-anoncreds',
} as const;

export type AuditSummaryCode = keyof typeof auditSummaryTemplates;
export interface AuditSummaryWords {
  code: AuditSummaryCode;
  params: Record<string, string>;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const paramNames = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

// The most literal text first, so "offered X to Y, answering their proposal" is not read as "offered X to <Y, answering…>".
const matchers = (Object.entries(auditSummaryTemplates) as [AuditSummaryCode, string][])
  .map(([code, template]) => ({
    code,
    names: paramNames(template),
    literal: template.replace(/\{\w+\}/g, '').length,
    pattern: new RegExp(
      `^${template
        .split(/\{\w+\}/)
        .map(escapeRegExp)
        .join('(.+?)')}$`,
      's',
    ),
  }))
  .sort((a, b) => b.literal - a.literal);

/** The template and values of an English summary; undefined when it is not one of the templates. */
export function auditSummaryWords(summary: string): AuditSummaryWords | undefined {
  for (const { code, names, pattern } of matchers) {
    const found = pattern.exec(summary);
    if (found) return { code, params: Object.fromEntries(names.map((name, i) => [name, found[i + 1]!])) };
  }
  return undefined;
}

/** The English sentence of a template with its values: what the BFF writes. */
export function auditSummaryText(code: AuditSummaryCode, params: Record<string, string>): string {
  return auditSummaryTemplates[code].replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}
