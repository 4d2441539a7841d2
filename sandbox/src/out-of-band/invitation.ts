import type { SeededRandom } from '../random.js';
import { pythonJsonDumps } from './python-json.js';

/** An out-of-band invitation message, keys in the order ACA-Py serializes them. */
export type InvitationMessage = Record<string, unknown> & { '@type': string; '@id': string };

export interface InvitationContent {
  msgId: string;
  label: string;
  /** Qualified handshake protocols; ACA-Py writes `[]` for a connectionless invitation. */
  handshakeProtocols: string[];
  requestsAttach: Record<string, unknown>[];
  recipientKey: string;
  endpoint: string;
  accept?: string[];
  goal?: string;
  goalCode?: string;
  version: string;
}

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function base58(bytes: number[]): string {
  let n = bytes.reduce((acc, b) => acc * 256n + BigInt(b), 0n);
  let out = '';
  while (n > 0n) {
    out = B58[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = `1${out}`;
  }
  return out;
}

/** A fresh Ed25519 key as ACA-Py records it (`verkey`, base58) and names it in invitations (`did:key`). */
export function signingKey(rng: SeededRandom): { verkey: string; didKey: string } {
  const publicKey = Array.from({ length: 32 }, () => rng.int(0, 255));
  return { verkey: base58(publicKey), didKey: `did:key:z${base58([0xed, 0x01, ...publicKey])}` };
}

/** InvitationMessage as handle_legacy_invite_key builds it (protocols/out_of_band/v1_0/manager.py). */
export function invitationMessage(content: InvitationContent): InvitationMessage {
  return {
    '@type': `https://didcomm.org/out-of-band/${content.version}/invitation`,
    '@id': content.msgId,
    label: content.label,
    handshake_protocols: content.handshakeProtocols,
    ...(content.accept && { accept: content.accept }),
    ...(content.requestsAttach.length > 0 && { 'requests~attach': content.requestsAttach }),
    services: [{ id: '#inline', type: 'did-communication', recipientKeys: [content.recipientKey], routingKeys: [], serviceEndpoint: content.endpoint }],
    ...(content.goalCode !== undefined && { goal_code: content.goalCode }),
    ...(content.goal !== undefined && { goal: content.goal }),
  };
}

/**
 * InvitationMessage.to_url: the message as Python's json.dumps writes it, base64url without padding,
 * joined to the service endpoint as its query (urljoin keeps the path, replaces query and fragment).
 */
export function invitationUrl(invitation: InvitationMessage, endpoint: string): string {
  const oob = Buffer.from(pythonJsonDumps(invitation), 'ascii').toString('base64url');
  return `${endpoint.replace(/[?#].*$/, '')}?oob=${oob}`;
}

/**
 * InvitationMessage.wrap_message: the exchange's message on the invitation's thread. assign_thread_id
 * replaces the thread decorator, so the attached message carries `pthid` only (its thread id is its `@id`);
 * decorators follow `@type` and `@id` (agent_message.py dump_decorators).
 */
export function requestAttachment(message: Record<string, unknown>, invitationMsgId: string): Record<string, unknown> {
  const { '@type': type, '@id': id, '~thread': _thread, ...fields } = message;
  const json = { '@type': type, '@id': id, '~thread': { pthid: invitationMsgId }, ...fields };
  return { '@id': 'request-0', 'mime-type': 'application/json', data: { json } };
}

/** The attached messages of an invitation (data.json of each `requests~attach`). */
export function attachedMessages(invitation: Record<string, unknown>): Record<string, unknown>[] {
  const attached = invitation['requests~attach'];
  if (!Array.isArray(attached)) return [];
  return attached.flatMap((a: unknown): Record<string, unknown>[] => {
    const json = (a as { data?: { json?: unknown } } | null)?.data?.json;
    return isObject(json) ? [json] : [];
  });
}

function base58Decode(text: string): number[] {
  let n = 0n;
  for (const ch of text) {
    const digit = B58.indexOf(ch);
    if (digit < 0) return [];
    n = n * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (n > 0n) {
    bytes.unshift(Number(n % 256n));
    n /= 256n;
  }
  for (const ch of text) {
    if (ch !== '1') break;
    bytes.unshift(0);
  }
  return bytes;
}

/** DIDKey.from_did(...).public_key_b58 for an Ed25519 did:key; undefined for anything else. */
export function verkeyOfDidKey(didKey: unknown): string | undefined {
  if (typeof didKey !== 'string' || !didKey.startsWith('did:key:z')) return undefined;
  const bytes = base58Decode(didKey.slice('did:key:z'.length).split('#')[0]!);
  return bytes.length === 34 && bytes[0] === 0xed && bytes[1] === 0x01 ? base58(bytes.slice(2)) : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
