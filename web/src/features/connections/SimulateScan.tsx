/** In sandbox mode, makes the sandbox's simulated wallet scan the code; nothing against a real agent. */
export function SimulateScan(_: { invitationUrl: string }) {
  return null;
}
