import type { OobRecordWithInvitation } from '@credence/shared';

/**
 * The invitation's URL made again from its message, as ACA-Py makes it (`{endpoint}?oob={base64url of the
 * message's JSON}`, out_of_band/v1_0/messages/invitation.py to_url): the endpoint is the message's inline
 * service's; a message whose services are DIDs has none, and `didcomm://invite` (which wallets take) stands in.
 */
export function invitationUrlOf(record: Pick<OobRecordWithInvitation, 'invitation'>): string | undefined {
  const message = record.invitation;
  if (!message) return undefined;
  const service = (message as { services?: unknown[] }).services?.[0];
  const endpoint =
    typeof service === 'object' && service !== null && typeof (service as { serviceEndpoint?: unknown }).serviceEndpoint === 'string'
      ? (service as { serviceEndpoint: string }).serviceEndpoint
      : 'didcomm://invite';
  const bytes = new TextEncoder().encode(JSON.stringify(message));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  const oob = btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${endpoint}?oob=${oob}`;
}
