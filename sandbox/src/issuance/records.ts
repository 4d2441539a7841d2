import { randomUUID } from 'node:crypto';
import type { CredentialState } from '@credence/shared';
import {
  formatRecord,
  setCredMessage,
  withoutEmpty,
  type CredExDetail,
  type CredExRecord,
  type CredFormatRecord,
  type CredMessageName,
} from '../credential-records.js';
import type { EngineDeps } from '../engine-support.js';
import { CREDENTIAL_WEBHOOK_KEYS } from '../events.js';
import { protocolContext, type ProtocolContext } from '../exchange-records.js';
import type { FormatKind } from '../ledger.js';
import type { DidcommMessage } from '../messages.js';
import type { FilterSpec } from './cred-defs.js';

const TOPIC = 'issue_credential_v2_0';

export interface PreviewSpec {
  '@type'?: string;
  attributes: { name: string; value: string; 'mime-type'?: string }[];
}

export interface OfferBody {
  connection_id?: string;
  filter: FilterSpec;
  credential_preview?: PreviewSpec;
  comment?: string | null;
  auto_issue?: boolean;
  auto_remove?: boolean;
  auto_remove_on_failure?: boolean;
  trace?: boolean;
}

/** What every step of issue-credential v2.0 works on. */
export interface Issuance extends ProtocolContext<CredExDetail, CredentialState> {
  /** The last credential revocation id given out, per revocation registry. */
  lastCredRevId: Map<string, number>;
}

export function issuance(deps: EngineDeps): Issuance {
  const lastCredRevId = new Map<string, number>();
  for (const r of deps.store.issuerCredRevs.values()) {
    lastCredRevId.set(r.rev_reg_id, Math.max(lastCredRevId.get(r.rev_reg_id) ?? 0, Number(r.cred_rev_id)));
  }
  const context = protocolContext<CredExDetail, CredentialState>(deps, {
    topic: TOPIC,
    webhookKeys: CREDENTIAL_WEBHOOK_KEYS,
    title: 'Credential exchange',
    recordType: 'cred_ex_v20',
    records: deps.store.credentials,
    idOf: (detail) => detail.cred_ex_record.cred_ex_id,
    exchangeOf: (detail) => detail.cred_ex_record,
  });
  return { ...context, lastCredRevId };
}

interface NewRecord {
  connectionId: string | undefined;
  initiator: 'self' | 'external';
  role: 'issuer' | 'holder';
  state: CredentialState;
  flags: Partial<OfferBody>;
}

export function newRecord(x: Issuance, r: NewRecord): CredExRecord {
  const at = x.records.timestamp();
  return {
    cred_ex_id: randomUUID(),
    ...(r.connectionId && { connection_id: r.connectionId }),
    thread_id: '',
    initiator: r.initiator,
    role: r.role,
    state: r.state,
    by_format: {},
    // The sandbox runs with --preserve-exchange-records and without auto-respond flags.
    auto_offer: false,
    auto_issue: r.flags.auto_issue ?? false,
    auto_remove: r.flags.auto_remove ?? false,
    auto_remove_on_failure: r.flags.auto_remove_on_failure ?? false,
    trace: r.flags.trace ?? false,
    created_at: at,
    updated_at: at,
  };
}

/** The Detail wrapper the agent answers and stores with, its format records made later. */
export function wrap(record: CredExRecord): CredExDetail {
  return { cred_ex_record: record, indy: null, anoncreds: null, ld_proof: null, vc_di: null };
}

/** Saves the exchange's detail record of `kind`; as any record save, it sends its webhook. */
export function saveDetail(x: Issuance, detail: CredExDetail, kind: FormatKind, fields: Partial<CredFormatRecord>): void {
  const at = x.records.timestamp();
  const existing = detail[kind];
  detail[kind] = existing ? withoutEmpty({ ...existing, ...fields, updated_at: at }) : formatRecord(x.rng, kind, detail.cred_ex_record.cred_ex_id, at, fields);
  x.emit(`${TOPIC}_${kind}`, { ...detail[kind] });
}

/** A new exchange that opens with the message `first` builds: its id is the thread's. Stored, its webhook sent. */
export function startExchange(x: Issuance, r: NewRecord, name: CredMessageName, first: (id: string) => DidcommMessage): CredExRecord {
  const record = newRecord(x, r);
  const id = randomUUID();
  record.thread_id = id;
  setCredMessage(record, name, first(id));
  x.records.insert(wrap(record));
  return record;
}
