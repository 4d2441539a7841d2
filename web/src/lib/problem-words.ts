import { isProblemCode, type Problem, type ProblemCode, type ProblemFieldError } from '@credence/shared';
import { translate } from '../i18n/active-intl';
import type { MessageKey } from '../i18n/catalogue';

/**
 * Each code the BFF sends, written out (docs/i18n.md: keys are named literally), nested by the code's first part:
 * a quoted `area.purpose` would read as a catalogue key to the catalogue check.
 */
const problemKeys = {
  agent: {
    failed: 'problem.agent.failed',
    keyRefused: 'problem.agent.keyRefused',
    noInvitation: 'problem.agent.noInvitation',
    noToken: 'problem.agent.noToken',
    notJson: 'problem.agent.notJson',
    refused: 'problem.agent.refused',
    tenantAccessRefused: 'problem.agent.tenantAccessRefused',
    timedOut: 'problem.agent.timedOut',
    unavailable: 'problem.agent.unavailable',
    unexpectedAnswer: 'problem.agent.unexpectedAnswer',
    unreachable: 'problem.agent.unreachable',
    unreadableRecord: 'problem.agent.unreadableRecord',
  },
  approval: {
    expired: 'problem.approval.expired',
    notPending: 'problem.approval.notPending',
    notFound: 'problem.approval.notFound',
    notRequester: 'problem.approval.notRequester',
    ownRequest: 'problem.approval.ownRequest',
    roleForbidden: 'problem.approval.roleForbidden',
  },
  batch: {
    allRowsHaveProblems: 'problem.batch.allRowsHaveProblems',
    fileProblem: 'problem.batch.fileProblem',
    fileTooLarge: 'problem.batch.fileTooLarge',
    noRow: 'problem.batch.noRow',
    notDefinitionId: 'problem.batch.notDefinitionId',
    notFound: 'problem.batch.notFound',
    repeat: 'problem.batch.repeat',
    rowHasProblems: 'problem.batch.rowHasProblems',
    rowNotFailed: 'problem.batch.rowNotFailed',
    someRowsHaveProblems: 'problem.batch.someRowsHaveProblems',
    unknownDefinition: 'problem.batch.unknownDefinition',
  },
  bulkRevoke: {
    countDiffers: 'problem.bulkRevoke.countDiffers',
    expired: 'problem.bulkRevoke.expired',
    noPreview: 'problem.bulkRevoke.noPreview',
    notYourPreview: 'problem.bulkRevoke.notYourPreview',
    selectionChanged: 'problem.bulkRevoke.selectionChanged',
    stillRevoking: 'problem.bulkRevoke.stillRevoking',
    unavailable: 'problem.bulkRevoke.unavailable',
  },
  field: {
    agent: 'problem.field.agent',
    connectionNeeded: 'problem.field.connectionNeeded',
    invitationNotOwn: 'problem.field.invitationNotOwn',
    latestVersion: 'problem.field.latestVersion',
    nameInUse: 'problem.field.nameInUse',
    notWalletName: 'problem.field.notWalletName',
    tenantNameMismatch: 'problem.field.tenantNameMismatch',
    tooLarge: 'problem.field.tooLarge',
    unknown: 'problem.field.unknown',
  },
  invitation: {
    gone: 'problem.invitation.gone',
    notFound: 'problem.invitation.notFound',
    notOwn: 'problem.invitation.notOwn',
    roleForbidden: 'problem.invitation.roleForbidden',
    noSimulatedWallet: 'problem.invitation.noSimulatedWallet',
  },
  labels: {
    tooMany: 'problem.labels.tooMany',
  },
  register: {
    roleForbidden: 'problem.register.roleForbidden',
    unavailable: 'problem.register.unavailable',
  },
  request: {
    crossOrigin: 'problem.request.crossOrigin',
    failed: 'problem.request.failed',
    internal: 'problem.request.internal',
    invalid: 'problem.request.invalid',
    noSuchRoute: 'problem.request.noSuchRoute',
    notFound: 'problem.request.notFound',
    notJson: 'problem.request.notJson',
    tooLarge: 'problem.request.tooLarge',
  },
  revocation: {
    alreadyPublished: 'problem.revocation.alreadyPublished',
    alreadyRevoked: 'problem.revocation.alreadyRevoked',
    connectionNeeded: 'problem.revocation.connectionNeeded',
    noRegistry: 'problem.revocation.noRegistry',
  },
  session: {
    loginRequired: 'problem.session.loginRequired',
    oidcNotConfigured: 'problem.session.oidcNotConfigured',
    organisationRemoved: 'problem.session.organisationRemoved',
    organisationNotNamed: 'problem.session.organisationNotNamed',
    organisationNotSetUp: 'problem.session.organisationNotSetUp',
    organisationWasRemoved: 'problem.session.organisationWasRemoved',
    providerUnavailable: 'problem.session.providerUnavailable',
    roleForbidden: 'problem.session.roleForbidden',
    signInRefused: 'problem.session.signInRefused',
    tooManyAttempts: 'problem.session.tooManyAttempts',
    wrongPassword: 'problem.session.wrongPassword',
  },
  store: {
    unavailable: 'problem.store.unavailable',
  },
  template: {
    changedSinceOpened: 'problem.template.changedSinceOpened',
    nameInUse: 'problem.template.nameInUse',
    notFound: 'problem.template.notFound',
    tooMany: 'problem.template.tooMany',
    versionNotKept: 'problem.template.versionNotKept',
  },
  tenant: {
    active: 'problem.tenant.active',
    nameInUse: 'problem.tenant.nameInUse',
    notFound: 'problem.tenant.notFound',
    notMultitenant: 'problem.tenant.notMultitenant',
    removeNotConfirmed: 'problem.tenant.removeNotConfirmed',
  },
  wallet: {
    alreadyUpgraded: 'problem.wallet.alreadyUpgraded',
    notWalletName: 'problem.wallet.notWalletName',
    upgradeRunning: 'problem.wallet.upgradeRunning',
  },
  webhook: {
    busUnavailable: 'problem.webhook.busUnavailable',
    invalidPayload: 'problem.webhook.invalidPayload',
    notJson: 'problem.webhook.notJson',
    notRecord: 'problem.webhook.notRecord',
    notTopic: 'problem.webhook.notTopic',
    secretWrong: 'problem.webhook.secretWrong',
  },
} as const satisfies { [A in ProblemCode as A extends `${infer Area}.${string}` ? Area : never]: Record<string, MessageKey> };

/** The catalogue key of a code (problem-words.test.ts holds every code to having one, in every language). */
export function problemKeyOf(code: ProblemCode): MessageKey {
  const [area, purpose] = code.split('.') as [keyof typeof problemKeys, string];
  return (problemKeys[area] as Record<string, MessageKey>)[purpose]!;
}

type Coded = Pick<Problem, 'code' | 'params'>;

/** The problem's words in the language in use when the BFF sent a code this app knows; else undefined. */
function worded({ code, params }: Coded): string | undefined {
  return isProblemCode(code) ? translate(problemKeyOf(code), params) : undefined;
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
