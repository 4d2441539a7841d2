import type { FormatKind } from './ledger.js';

/**
 * DIDComm messages as ACA-Py stores them on its exchange records (acapy_agent @ 1.6.1rc0): the
 * qualified `@type`, a `formats` list naming each attachment, and the attachments as base64 JSON
 * (`AttachDecorator.data_base64(data, ident=<format api>)`); `by_format` is the decoded view.
 */
const DIDCOMM = 'https://didcomm.org';

/** issue_credential/v2_0/message_types.py ATTACHMENT_FORMAT and present_proof/v2_0/message_types.py. */
export const attachmentFormats = {
  cred_proposal: {
    type: 'issue-credential/2.0/propose-credential',
    attach: 'filters~attach',
    indy: 'hlindy/cred-filter@v2.0',
    anoncreds: 'anoncreds/credential-filter@v1.0',
  },
  cred_offer: {
    type: 'issue-credential/2.0/offer-credential',
    attach: 'offers~attach',
    indy: 'hlindy/cred-abstract@v2.0',
    anoncreds: 'anoncreds/credential-offer@v1.0',
  },
  cred_request: {
    type: 'issue-credential/2.0/request-credential',
    attach: 'requests~attach',
    indy: 'hlindy/cred-req@v2.0',
    anoncreds: 'anoncreds/credential-request@v1.0',
  },
  cred_issue: { type: 'issue-credential/2.0/issue-credential', attach: 'credentials~attach', indy: 'hlindy/cred@v2.0', anoncreds: 'anoncreds/credential@v1.0' },
  pres_proposal: {
    type: 'present-proof/2.0/propose-presentation',
    attach: 'proposals~attach',
    indy: 'hlindy/proof-req@v2.0',
    anoncreds: 'anoncreds/proof-proposal@v1.0',
  },
  pres_request: {
    type: 'present-proof/2.0/request-presentation',
    attach: 'request_presentations~attach',
    indy: 'hlindy/proof-req@v2.0',
    anoncreds: 'anoncreds/proof-request@v1.0',
  },
  pres: { type: 'present-proof/2.0/presentation', attach: 'presentations~attach', indy: 'hlindy/proof@v2.0', anoncreds: 'anoncreds/proof@v1.0' },
} as const;

export type MessageName = keyof typeof attachmentFormats;
export type Attachments = Partial<Record<FormatKind, Record<string, unknown>>>;

export interface Attachment {
  '@id': string;
  'mime-type': 'application/json';
  data: { base64: string };
}

export interface DidcommMessage {
  '@type': string;
  '@id': string;
  '~thread'?: { thid: string; pthid?: string };
  comment?: string;
  formats: { attach_id: string; format: string }[];
  [attach: string]: unknown;
}

export const CREDENTIAL_PREVIEW_TYPE = `${DIDCOMM}/issue-credential/2.0/credential-preview`;

export interface CredentialPreview {
  '@type': string;
  attributes: { name: string; value: string; 'mime-type'?: string }[];
}

export function credentialPreview(attributes: { name: string; value: string; 'mime-type'?: string }[]): CredentialPreview {
  return { '@type': CREDENTIAL_PREVIEW_TYPE, attributes: attributes.map((a) => ({ ...a })) };
}

/** A preview of these attribute values, in their order. */
export const previewOfValues = (values: Record<string, string>): CredentialPreview =>
  credentialPreview(Object.entries(values).map(([name, value]) => ({ name, value })));

const kinds: FormatKind[] = ['anoncreds', 'indy'];

/** The formats a filter or request names (a format given as null or left out is not one). */
export const attachmentsOf = (formats: Partial<Record<FormatKind, unknown>>): Attachments => Object.fromEntries(Object.entries(formats).filter(([, f]) => f));

type RecordWithMessages<N extends MessageName> = Partial<Record<N, DidcommMessage>> & { by_format: Partial<Record<N, Attachments>> };

/** Stores a message on a record and rebuilds `by_format` from all its messages, in `order`, as the agent derives it. */
export function storeMessage<N extends MessageName>(record: RecordWithMessages<N>, order: readonly N[], name: N, msg: DidcommMessage): void {
  (record as Partial<Record<N, DidcommMessage>>)[name] = msg;
  const byFormat: Partial<Record<N, Attachments>> = {};
  for (const each of order) {
    const stored = (record as Partial<Record<N, DidcommMessage>>)[each];
    if (stored) byFormat[each] = decoded(each, stored);
  }
  record.by_format = byFormat;
}

/**
 * For a record built message by message: the first message's id becomes the thread id, and every
 * later message names that thread (`~thread.thid`).
 */
export function threadOf(record: { thread_id: string }): (messageId: string) => { '~thread'?: { thid: string } } {
  return (messageId) => {
    if (!record.thread_id) record.thread_id = messageId;
    return record.thread_id === messageId ? {} : { '~thread': { thid: record.thread_id } };
  };
}

/** A message of `name` carrying one attachment per format; `extra` adds comment, preview, thread… */
export function message(name: MessageName, id: string, attachments: Attachments, extra: Record<string, unknown> = {}): DidcommMessage {
  const spec = attachmentFormats[name];
  const present = kinds.filter((k) => attachments[k]);
  return {
    '@type': `${DIDCOMM}/${spec.type}`,
    '@id': id,
    ...extra,
    formats: present.map((kind) => ({ attach_id: kind, format: spec[kind] })),
    [spec.attach]: present.map((kind) => ({
      '@id': kind,
      'mime-type': 'application/json',
      data: { base64: Buffer.from(JSON.stringify(attachments[kind])).toString('base64') },
    })),
  };
}

/** What `by_format` shows of a message: each attachment decoded, keyed by its format. */
export function decoded(name: MessageName, msg: DidcommMessage): Attachments {
  const spec = attachmentFormats[name];
  const out: Attachments = {};
  const attached = (msg[spec.attach] ?? []) as Attachment[];
  for (const format of msg.formats) {
    const kind = kinds.find((k) => spec[k] === format.format && k === format.attach_id);
    const attachment = attached.find((a) => a['@id'] === format.attach_id);
    if (kind && attachment) out[kind] = JSON.parse(Buffer.from(attachment.data.base64, 'base64').toString('utf8')) as Record<string, unknown>;
  }
  return out;
}
