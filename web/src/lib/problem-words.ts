import { isProblemCode, type Problem, type ProblemCode, type ProblemFieldError } from '@credence/shared';
import { translate } from '../i18n/active-intl';
import type { MessageKey } from '../i18n/catalogue';

/** Each code the BFF sends, written out (docs/i18n.md: keys are named literally). */
const problemKeys = {
  'agent.failed': 'problem.agent.failed',
  'agent.keyRefused': 'problem.agent.keyRefused',
  'agent.noInvitation': 'problem.agent.noInvitation',
  'agent.noToken': 'problem.agent.noToken',
  'agent.notJson': 'problem.agent.notJson',
  'agent.refused': 'problem.agent.refused',
  'agent.tenantAccessRefused': 'problem.agent.tenantAccessRefused',
  'agent.timedOut': 'problem.agent.timedOut',
  'agent.unavailable': 'problem.agent.unavailable',
  'agent.unexpectedAnswer': 'problem.agent.unexpectedAnswer',
  'agent.unreachable': 'problem.agent.unreachable',
  'agent.unreadableRecord': 'problem.agent.unreadableRecord',
  'approval.expired': 'problem.approval.expired',
  'approval.notPending': 'problem.approval.notPending',
  'approval.notFound': 'problem.approval.notFound',
  'approval.notRequester': 'problem.approval.notRequester',
  'approval.ownRequest': 'problem.approval.ownRequest',
  'approval.roleForbidden': 'problem.approval.roleForbidden',
  'batch.allRowsHaveProblems': 'problem.batch.allRowsHaveProblems',
  'batch.fileProblem': 'problem.batch.fileProblem',
  'batch.fileTooLarge': 'problem.batch.fileTooLarge',
  'batch.noRow': 'problem.batch.noRow',
  'batch.notDefinitionId': 'problem.batch.notDefinitionId',
  'batch.notFound': 'problem.batch.notFound',
  'batch.repeat': 'problem.batch.repeat',
  'batch.rowHasProblems': 'problem.batch.rowHasProblems',
  'batch.rowNotFailed': 'problem.batch.rowNotFailed',
  'batch.someRowsHaveProblems': 'problem.batch.someRowsHaveProblems',
  'batch.unknownDefinition': 'problem.batch.unknownDefinition',
  'bulkRevoke.countDiffers': 'problem.bulkRevoke.countDiffers',
  'bulkRevoke.expired': 'problem.bulkRevoke.expired',
  'bulkRevoke.noPreview': 'problem.bulkRevoke.noPreview',
  'bulkRevoke.notYourPreview': 'problem.bulkRevoke.notYourPreview',
  'bulkRevoke.selectionChanged': 'problem.bulkRevoke.selectionChanged',
  'bulkRevoke.stillRevoking': 'problem.bulkRevoke.stillRevoking',
  'bulkRevoke.unavailable': 'problem.bulkRevoke.unavailable',
  'field.agent': 'problem.field.agent',
  'field.connectionNeeded': 'problem.field.connectionNeeded',
  'field.invitationNotOwn': 'problem.field.invitationNotOwn',
  'field.latestVersion': 'problem.field.latestVersion',
  'field.nameInUse': 'problem.field.nameInUse',
  'field.notWalletName': 'problem.field.notWalletName',
  'field.tenantNameMismatch': 'problem.field.tenantNameMismatch',
  'field.tooLarge': 'problem.field.tooLarge',
  'field.unknown': 'problem.field.unknown',
  'invitation.gone': 'problem.invitation.gone',
  'invitation.notFound': 'problem.invitation.notFound',
  'invitation.notOwn': 'problem.invitation.notOwn',
  'invitation.roleForbidden': 'problem.invitation.roleForbidden',
  'invitation.noSimulatedWallet': 'problem.invitation.noSimulatedWallet',
  'labels.tooMany': 'problem.labels.tooMany',
  'register.roleForbidden': 'problem.register.roleForbidden',
  'register.unavailable': 'problem.register.unavailable',
  'request.crossOrigin': 'problem.request.crossOrigin',
  'request.failed': 'problem.request.failed',
  'request.internal': 'problem.request.internal',
  'request.invalid': 'problem.request.invalid',
  'request.noSuchRoute': 'problem.request.noSuchRoute',
  'request.notFound': 'problem.request.notFound',
  'request.notJson': 'problem.request.notJson',
  'request.tooLarge': 'problem.request.tooLarge',
  'revocation.alreadyPublished': 'problem.revocation.alreadyPublished',
  'revocation.alreadyRevoked': 'problem.revocation.alreadyRevoked',
  'revocation.connectionNeeded': 'problem.revocation.connectionNeeded',
  'revocation.noRegistry': 'problem.revocation.noRegistry',
  'session.loginRequired': 'problem.session.loginRequired',
  'session.oidcNotConfigured': 'problem.session.oidcNotConfigured',
  'session.organisationRemoved': 'problem.session.organisationRemoved',
  'session.providerUnavailable': 'problem.session.providerUnavailable',
  'session.roleForbidden': 'problem.session.roleForbidden',
  'session.signInRefused': 'problem.session.signInRefused',
  'session.tooManyAttempts': 'problem.session.tooManyAttempts',
  'session.wrongPassword': 'problem.session.wrongPassword',
  'store.unavailable': 'problem.store.unavailable',
  'template.changedSinceOpened': 'problem.template.changedSinceOpened',
  'template.nameInUse': 'problem.template.nameInUse',
  'template.notFound': 'problem.template.notFound',
  'template.tooMany': 'problem.template.tooMany',
  'template.versionNotKept': 'problem.template.versionNotKept',
  'tenant.active': 'problem.tenant.active',
  'tenant.nameInUse': 'problem.tenant.nameInUse',
  'tenant.notFound': 'problem.tenant.notFound',
  'tenant.notMultitenant': 'problem.tenant.notMultitenant',
  'tenant.removeNotConfirmed': 'problem.tenant.removeNotConfirmed',
  'wallet.alreadyUpgraded': 'problem.wallet.alreadyUpgraded',
  'wallet.notWalletName': 'problem.wallet.notWalletName',
  'wallet.upgradeRunning': 'problem.wallet.upgradeRunning',
  'webhook.busUnavailable': 'problem.webhook.busUnavailable',
  'webhook.invalidPayload': 'problem.webhook.invalidPayload',
  'webhook.notJson': 'problem.webhook.notJson',
  'webhook.notRecord': 'problem.webhook.notRecord',
  'webhook.notTopic': 'problem.webhook.notTopic',
  'webhook.secretWrong': 'problem.webhook.secretWrong',
} as const satisfies Record<ProblemCode, MessageKey>;

export const problemKeyOf = (code: ProblemCode): MessageKey => problemKeys[code];

type Coded = Pick<Problem, 'code' | 'params'>;

/** The problem's words in the language in use when the BFF sent a code this app knows; else undefined. */
function worded({ code, params }: Coded): string | undefined {
  return isProblemCode(code) ? translate(problemKeys[code], params) : undefined;
}

/** What a person reads for a problem: its code worded in their language, else the BFF's English detail. */
export function problemInWords(problem: Pick<Problem, 'code' | 'params' | 'detail' | 'title'>): string {
  return worded(problem) ?? problem.detail ?? problem.title;
}

/** A field error in the reader's language, else as sent. */
export function fieldErrorInWords(error: ProblemFieldError): string {
  return worded(error) ?? error.message;
}

/** The agent's own words a problem carries (`reason`): shown quoted, never translated. */
export function agentReasonOf({ params }: Coded): string | undefined {
  return typeof params?.reason === 'string' ? params.reason : undefined;
}
