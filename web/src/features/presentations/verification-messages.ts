/**
 * The agent's verification messages (ACA-Py indy/verifier.py PresVerifyMsg, `CODE::detail`) in words
 * a clerk can act on. Unknown codes are shown as they came.
 */
const explain: Record<string, (detail: string) => string> = {
  VALUE_ERROR: (d) => `A value in the presentation does not match what was asked or signed${d ? `: ${d}` : ''}.`,
  VERIFY_ERROR: (d) => `The proof did not check out${d ? `: ${d}` : ''}.`,
  TS_OUT_NRI: (d) => `The proof${d ? ` for ${d}` : ''} was made at a time outside the requested non-revocation interval.`,
  RMV_GLB_NRI: () => 'No credential in the proof can be revoked, so the non-revocation interval did not apply.',
  RMV_RFNT_NRI: (d) => `The credential answering ${d || 'an item'} cannot be revoked, so its non-revocation interval did not apply.`,
  UNRVL_ATTR: (d) => `${d || 'An attribute'} was proven without revealing its value.`,
};

export interface VerificationNote {
  code: string;
  text: string;
}

export function verificationNotes(messages: readonly string[]): VerificationNote[] {
  return messages.map((message) => {
    const [code = '', ...rest] = message.split('::');
    const describe = explain[code];
    return { code: message, text: describe ? describe(rest.join('::')) : message };
  });
}

/** Why a failed verification failed when the agent gave no message: the library said "false". */
export const SILENT_FAILURE = 'The agent gave no reason. A proof fails this way when a credential in it was revoked in the requested interval.';
