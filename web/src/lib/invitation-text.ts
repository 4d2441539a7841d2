/**
 * The invitation inside an invitation URL (`?oob=` base64url JSON, as ACA-Py writes it), or pasted JSON.
 * Returns a message to check with `invitationMessageSchema`, or a sentence saying what is wrong.
 */
export function invitationFromText(text: string): { message: unknown } | { problem: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { problem: 'Paste the invitation URL or its JSON.' };
  if (trimmed.startsWith('{')) {
    try {
      return { message: JSON.parse(trimmed) as unknown };
    } catch {
      return { problem: 'This looks like JSON but cannot be read as JSON.' };
    }
  }
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { problem: 'This is neither an invitation URL nor invitation JSON.' };
  }
  const encoded = url.searchParams.get('oob');
  if (!encoded) {
    if (url.searchParams.get('c_i') || url.searchParams.get('d_m'))
      return { problem: 'This is a connection invitation of the older protocol (RFC 0160); Credence accepts out-of-band invitations (RFC 0434).' };
    return { problem: 'This URL carries no invitation (no "oob" parameter). If it is a short link, open it and paste the long one or the JSON.' };
  }
  try {
    const base64 = encoded.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
    const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
    return { message: JSON.parse(new TextDecoder().decode(bytes)) as unknown };
  } catch {
    return { problem: 'The invitation in this URL is damaged (its "oob" parameter is not base64 JSON).' };
  }
}
