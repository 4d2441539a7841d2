import { agentError } from '../agent-errors.js';
import type { InvitationMessage } from './invitation.js';

const FETCH_TIMEOUT_MS = 5_000;

/**
 * What a wallet does with the text of a QR code: an `oob=` parameter is the invitation itself
 * (base64url JSON); any other URL is a short URL, fetched as JSON (RFC 0434 allows both).
 */
export async function readInvitation(url: string): Promise<InvitationMessage> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw agentError(400, 'invitation_url is not a URL');
  }
  const where = `${parsed.origin}${parsed.pathname}`;
  const encoded = parsed.searchParams.get('oob');
  let invitation: unknown;
  if (encoded) {
    try {
      invitation = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    } catch {
      throw agentError(400, 'The wallet could not read the invitation: its oob parameter is not base64url-encoded JSON');
    }
  } else {
    invitation = await fetchInvitation(parsed, where);
  }
  const message = invitation as Partial<InvitationMessage> | null;
  if (!message || typeof message !== 'object' || Array.isArray(message) || typeof message['@id'] !== 'string') {
    throw agentError(400, `The wallet could not read the invitation at ${where}: not an out-of-band invitation (no @id)`);
  }
  return message as InvitationMessage;
}

async function fetchInvitation(url: URL, where: string): Promise<unknown> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw agentError(400, `The wallet could not fetch ${where}: only http and https URLs`);
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: 'application/json' }, redirect: 'follow', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch (error) {
    const reason = (error as Error).name === 'TimeoutError' ? `no answer within ${FETCH_TIMEOUT_MS / 1000} s` : (error as Error).message;
    throw agentError(400, `The wallet could not fetch the invitation at ${where}: ${reason}`, { cause: error });
  }
  if (!res.ok) throw agentError(400, `The wallet could not fetch the invitation at ${where}: HTTP ${res.status}`);
  try {
    return await res.json();
  } catch (error) {
    throw agentError(400, `The wallet could not read the invitation at ${where}: the answer is not JSON`, { cause: error });
  }
}
