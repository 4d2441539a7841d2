import { agentError } from './agent-errors.js';
import type { EngineDeps } from './engine-support.js';
import { trimmed, type EmitWebhook } from './events.js';
import { agentTimestamp } from './random.js';

/** The fields of an exchange record that its life changes. */
interface ExchangeFields {
  state: string;
  updated_at: string;
  auto_remove: boolean;
  error_msg?: string;
}

/** How one protocol keeps and names its exchange records. */
export interface ExchangeKind<R> {
  /** The webhook topic, e.g. issue_credential_v2_0. */
  topic: string;
  webhookKeys: readonly string[];
  /** As the agent names the exchange in a wrong-state error ("Credential exchange") and in a 404 ("cred_ex_v20"). */
  title: string;
  recordType: string;
  records: Map<string, R>;
  idOf: (record: R) => string;
  /** The exchange record itself (a credential exchange's is inside its Detail wrapper). */
  exchangeOf: (record: R) => ExchangeFields;
  onDelete?: (id: string) => void;
}

/**
 * The life of the exchange records of one protocol, as both protocol engines share it: every save,
 * and the deletion, sends the record's webhook, trimmed as the agent trims it.
 */
export class ExchangeRecords<R, S extends string> {
  constructor(
    private readonly kind: ExchangeKind<R>,
    private readonly emit: EmitWebhook,
    private readonly now: () => number,
  ) {}

  timestamp(): string {
    return agentTimestamp(this.now());
  }

  get(id: string): R {
    const record = this.kind.records.get(id);
    if (!record) throw agentError(404, `Record not found: ${this.kind.recordType}/${id}`);
    return record;
  }

  /** The record, which the admin API call needs in state `expected`. */
  getInState(id: string, expected: S): R {
    const record = this.get(id);
    const { state } = this.kind.exchangeOf(record);
    if (state !== expected) throw agentError(400, `${this.kind.title} ${id} in ${state} state (must be ${expected})`);
    return record;
  }

  /** The record if it is still there and in `state`: a peer's answer to anything else is dropped. */
  stillIn(id: string, state: S): R | undefined {
    const record = this.kind.records.get(id);
    return record && this.kind.exchangeOf(record).state === state ? record : undefined;
  }

  insert(record: R): void {
    this.kind.records.set(this.kind.idOf(record), record);
    this.emit(this.kind.topic, trimmed(this.kind.exchangeOf(record), this.kind.webhookKeys));
  }

  moveTo(record: R, state: S): void {
    this.setState(record, state);
  }

  /** done, or, with auto_remove, the record is deleted (and a `deleted` webhook sent). */
  finish(record: R): void {
    this.setState(record, 'done');
    if (this.kind.exchangeOf(record).auto_remove) this.delete(record);
  }

  abandon(record: R, errorMessage: string): void {
    this.kind.exchangeOf(record).error_msg = errorMessage;
    this.setState(record, 'abandoned');
  }

  /** POST /records/{id}/problem-report: tell the peer we stop; the exchange is abandoned. */
  problemReport(id: string, description: string): Record<string, never> {
    // routes.py: `save_error_state(..., reason=f"created problem report: {description}")`.
    this.abandon(this.get(id), `created problem report: ${description}`);
    return {};
  }

  /** DELETE /records/{id}. */
  remove(id: string): Record<string, never> {
    this.delete(this.get(id));
    return {};
  }

  delete(record: R): void {
    const id = this.kind.idOf(record);
    this.kind.records.delete(id);
    this.kind.onDelete?.(id);
    // base_record.py delete_record: the state becomes "deleted" and the record is serialised as last saved.
    this.emit(this.kind.topic, trimmed({ ...this.kind.exchangeOf(record), state: 'deleted' }, this.kind.webhookKeys));
  }

  private setState(record: R, state: string): void {
    const exchange = this.kind.exchangeOf(record);
    exchange.state = state;
    exchange.updated_at = this.timestamp();
    this.emit(this.kind.topic, trimmed(exchange, this.kind.webhookKeys));
  }
}

/** What every step of a protocol works on: the engine's dependencies, its clock and the protocol's records. */
export type ProtocolContext<R, S extends string> = Required<Omit<EngineDeps, 'onRegistryFull'>> &
  Pick<EngineDeps, 'onRegistryFull'> & { records: ExchangeRecords<R, S> };

export function protocolContext<R, S extends string>(deps: EngineDeps, kind: ExchangeKind<R>): ProtocolContext<R, S> {
  const now = deps.now ?? Date.now;
  return { ...deps, now, records: new ExchangeRecords<R, S>(kind, deps.emit, now) };
}
