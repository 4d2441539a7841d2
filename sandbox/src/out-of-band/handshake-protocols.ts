/**
 * The handshake protocols an invitation may name, as ACA-Py's HSProto (out_of_band/v1_0/messages/invitation.py):
 * a protocol is known by its name (unqualified) or one of its aliases.
 */
export interface HandshakeProtocol {
  /** The unqualified name, e.g. `didexchange/1.1`. */
  name: string;
  /** Whether ACA-Py performs it when receiving an invitation (RFC 160 connections are gone since 1.0). */
  didExchange: boolean;
}

const PROTOCOLS: { name: string; didExchange: boolean; aka: string[] }[] = [
  { name: 'connections/1.0', didExchange: false, aka: ['connection', 'connections', 'conn', 'conns', 'rfc160', '160', 'old'] },
  {
    name: 'didexchange/1.0',
    didExchange: true,
    aka: ['https://didcomm.org/didexchange/1.0', 'didexchange/1.0', 'didexchange', 'did-exchange', 'didx', 'didex', 'rfc23', 'rfc-23', '23', 'new'],
  },
  { name: 'didexchange/1.1', didExchange: true, aka: ['https://didcomm.org/didexchange/1.1', 'didexchange/1.1'] },
];

const PREFIXES = ['https://didcomm.org/', 'did:sov:BzCbsNYhMrjHiqZDTUASHg;spec/'];

/** DIDCommPrefix.unqualify: the message family without its prefix. */
export function unqualify(label: string): string {
  for (const prefix of PREFIXES) if (label.startsWith(prefix)) return label.slice(prefix.length);
  return label;
}

/** HSProto.get: the protocol `label` names, if any. */
export function handshakeProtocol(label: string): HandshakeProtocol | undefined {
  const found = PROTOCOLS.find((p) => unqualify(label) === p.name || p.aka.includes(label.toLowerCase()));
  return found && { name: found.name, didExchange: found.didExchange };
}

/** DIDCommPrefix.qualify_current: how the invitation names it. */
export const qualified = (protocol: HandshakeProtocol) => `https://didcomm.org/${protocol.name}`;
