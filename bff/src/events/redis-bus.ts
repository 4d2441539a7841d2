import type { ConsoleEvent } from '@credence/shared';
import { Redis } from 'ioredis';
import { SOLE_TENANT, type TenantId } from '../tenancy/tenant.js';
import { eventSizes, keyInTenant, type BusMessage, type EventBus, type NewEvent, type PublishInput, type PublishResult, type Subscription } from './bus.js';

// Dedupe, ordering and append in one step, so several BFF instances agree on each event.
const PUBLISH = `
if ARGV[3] ~= '' then
  if redis.call('SET', KEYS[2] .. ARGV[3], '1', 'NX', 'EX', ARGV[4]) == false then return {0} end
end
local stale = 0
if ARGV[5] ~= '' and ARGV[6] ~= '' then
  local last = redis.call('GET', KEYS[3] .. ARGV[5])
  if last and tonumber(last) > tonumber(ARGV[6]) then stale = 1 else
    redis.call('SET', KEYS[3] .. ARGV[5], ARGV[6], 'EX', ARGV[4])
  end
end
local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '*', 'e', ARGV[2], 's', stale, 't', ARGV[7])
return {1, id, stale}
`;

/** Three times the span of the agent's retries (5 attempts 10 s apart): a repeat or a late webhook is still told. */
export const DEFAULT_DEDUPE_SECONDS = 120;

const STREAM_ID = /^(\d+)-(\d+)$/;
const U64_MAX = 2n ** 64n - 1n;

/** `<ms>-<seq>`, each part a 64-bit unsigned number as Redis requires. */
function isStreamId(id: string): boolean {
  const match = STREAM_ID.exec(id);
  return match !== null && BigInt(match[1]!) <= U64_MAX && BigInt(match[2]!) <= U64_MAX;
}
const blockMsOf = (options: RedisBusOptions) => options.blockMs ?? 5_000;

function compareIds(a: string, b: string): number {
  const [, am, as] = STREAM_ID.exec(a)!;
  const [, bm, bs] = STREAM_ID.exec(b)!;
  return BigInt(am!) === BigInt(bm!) ? Number(BigInt(as!) - BigInt(bs!)) : BigInt(am!) < BigInt(bm!) ? -1 : 1;
}

export interface RedisBusOptions {
  url: string;
  /** Stream and key prefix, so tests (and several consoles) can share one Redis. */
  prefix?: string;
  capacity?: number;
  /** How long a dedupe or ordering key is kept after it was last set (each key expires on its own). */
  dedupeTtlSeconds?: number;
  blockMs?: number;
  commandTimeoutMs?: number;
}

type Listener = (message: BusMessage) => void;
/** A stream entry read back: the event and whose it is. */
interface Entry {
  event: ConsoleEvent;
  tenant: TenantId;
}
type EntryListener = (entry: Entry) => void;

/**
 * Redis Streams as the bus of several BFF instances: XADD (capped with MAXLEN) by whichever instance
 * took the webhook, one blocking XREAD per instance fanning out to its own subscribers, XRANGE for
 * replay by id. Stream ids are the SSE ids, so Last-Event-ID works on any instance.
 */
export class RedisBus implements EventBus {
  readonly kind = 'redis';
  private readonly writer: Redis;
  private readonly reader: Redis;
  private readonly stream: string;
  private readonly prefix: string;
  /** This instance's subscribers' taps on the stream: each sees every entry and passes on its tenant's. */
  private readonly listeners = new Set<EntryListener>();
  private lastDelivered = '0-0';
  private running = true;
  private readonly loop: Promise<void>;
  private readonly ready: Promise<void>;

  constructor(private readonly options: RedisBusOptions) {
    this.prefix = options.prefix ?? 'credence';
    this.stream = `${this.prefix}:events`;
    const blockMs = blockMsOf(options);
    // A publish must fail fast while Redis is away (intake then answers 503 and the agent retries), and
    // a failed one must stay failed: no offline queue and no resending on reconnect, which published
    // events after their webhook had been answered 503. What remains — Redis ran the script but its
    // answer was lost or late — is harmless: the agent's retry carries the same dedupe key (see publish).
    this.writer = new Redis(options.url, {
      maxRetriesPerRequest: 1,
      commandTimeout: options.commandTimeoutMs ?? 2_000,
      enableAutoPipelining: true,
      enableOfflineQueue: false,
      autoResendUnfulfilledCommands: false,
    });
    this.reader = new Redis(options.url, { maxRetriesPerRequest: null, commandTimeout: blockMs + 3_000 });
    for (const client of [this.writer, this.reader]) client.on('error', (error) => console.warn(`[bus] redis: ${error.message}`));
    this.ready = this.findEnd();
    this.loop = this.ready.then(() => this.readLoop());
  }

  /** Where the stream ends now, asked until Redis answers: a BFF started before Redis must wait, not crash. */
  private async findEnd(): Promise<void> {
    for (let failures = 1; this.running; failures++) {
      try {
        const last = await this.writer.xrevrange(this.stream, '+', '-', 'COUNT', 1);
        this.lastDelivered = last[0]?.[0] ?? '0-0';
        return;
      } catch {
        await new Promise((r) => setTimeout(r, Math.min(2_000, 100 * 2 ** failures)));
      }
    }
  }

  async healthy(): Promise<boolean> {
    try {
      return (await this.writer.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  /** Resolves once the writer is connected, or after the command timeout (the publish then fails at once). */
  private async writerReady(): Promise<void> {
    if (this.writer.status === 'ready') return;
    await new Promise<void>((resolve) => {
      const done = () => (clearTimeout(timer), this.writer.off('ready', done), resolve());
      const timer = setTimeout(done, this.options.commandTimeoutMs ?? 2_000);
      this.writer.once('ready', done);
    });
  }

  async publish({ tenant, event, dedupeKey, orderKey, updatedAt, bytes }: PublishInput): Promise<PublishResult> {
    await this.writerReady();
    const answer = (await this.writer.eval(
      PUBLISH,
      3,
      this.stream,
      `${this.prefix}:seen:`,
      `${this.prefix}:updated:`,
      String(this.options.capacity ?? 1000),
      JSON.stringify(event),
      keyInTenant(tenant, dedupeKey) ?? '',
      String(this.options.dedupeTtlSeconds ?? DEFAULT_DEDUPE_SECONDS),
      keyInTenant(tenant, orderKey) ?? '',
      updatedAt === null ? '' : String(updatedAt),
      tenant,
    )) as [number, string?, number?];
    if (answer[0] === 0) return { outcome: 'duplicate' };
    const published: ConsoleEvent = { ...event, id: answer[1]!, stale: answer[2] === 1 };
    eventSizes.set(published, bytes);
    return { outcome: 'published', event: published };
  }

  async subscribe(tenant: TenantId, lastId: string | undefined, listener: Listener): Promise<Subscription> {
    await this.ready;
    const ours: EntryListener = (entry) => entry.tenant === tenant && listener({ type: 'event', event: entry.event });
    if (lastId === undefined) {
      this.listeners.add(ours);
      return { close: () => this.listeners.delete(ours) };
    }
    // Hold live events while the replay is read, then hand over without a gap or a repeat.
    const held: Entry[] = [];
    const holding: EntryListener = (entry) => held.push(entry);
    this.listeners.add(holding);
    let replayedUpTo: string | undefined = lastId;
    const resync = () => {
      listener({ type: 'resync' });
      replayedUpTo = undefined;
    };
    try {
      if (!isStreamId(lastId)) resync();
      else {
        const { lastGenerated, firstHeld, trimmed } = await this.streamInfo();
        // Older than the capped stream holds once it has trimmed (the browser missed events it no longer
        // has), or newer than anything it ever held (a Redis that lost its data, or a made-up id): either
        // way the browser cannot be brought up to date event by event. "0-0" (a stream that was empty)
        // is neither, as long as nothing was trimmed since.
        if ((trimmed && compareIds(lastId, firstHeld) < 0) || compareIds(lastId, lastGenerated) > 0) resync();
        else {
          for (const [id, fields] of await this.writer.xrange(this.stream, `(${lastId}`, '+')) {
            ours(this.decode(id, fields));
            replayedUpTo = id;
          }
        }
      }
    } catch (error) {
      console.warn(`[bus] replay from ${lastId} failed: ${(error as Error).message}`);
      resync();
    } finally {
      this.listeners.delete(holding);
    }
    // Events the reader hands out after the handover may still be ones the replay already gave.
    const fresh: EntryListener = (entry) => {
      if (replayedUpTo !== undefined && compareIds(entry.event.id, replayedUpTo) <= 0) return;
      ours(entry);
    };
    for (const entry of held) fresh(entry);
    this.listeners.add(fresh);
    return { close: () => this.listeners.delete(fresh) };
  }

  /**
   * Always an id, "0-0" for a stream that is still empty: a browser told nothing would reconnect with
   * no Last-Event-ID and miss what was published while it was away.
   */
  async position(): Promise<string | undefined> {
    await this.ready;
    return this.lastDelivered;
  }

  /** The newest id the stream ever gave, the oldest it holds, and whether MAXLEN has trimmed any (XINFO, Redis 7). */
  private async streamInfo(): Promise<{ lastGenerated: string; firstHeld: string; trimmed: boolean }> {
    let info: unknown[];
    try {
      info = (await this.writer.xinfo('STREAM', this.stream)) as unknown[];
    } catch (error) {
      if (/no such key/i.test((error as Error).message)) return { lastGenerated: '0-0', firstHeld: '0-0', trimmed: false };
      throw error;
    }
    const field = (name: string) => info[info.indexOf(name) + 1];
    const id = (name: string) => {
      const value = field(name);
      return typeof value === 'string' && isStreamId(value) ? value : '0-0';
    };
    return {
      lastGenerated: id('last-generated-id'),
      firstHeld: id('recorded-first-entry-id'),
      trimmed: Number(field('entries-added')) > Number(field('length')),
    };
  }

  async close(): Promise<void> {
    this.running = false;
    this.listeners.clear();
    this.reader.disconnect();
    await this.loop.catch(() => undefined);
    await this.writer.quit().catch(() => this.writer.disconnect());
  }

  private async readLoop(): Promise<void> {
    let failures = 0;
    while (this.running) {
      try {
        const answer = await this.reader.xread('BLOCK', blockMsOf(this.options), 'STREAMS', this.stream, this.lastDelivered);
        failures = 0;
        for (const [, entries] of answer ?? []) {
          for (const [id, fields] of entries) {
            this.lastDelivered = id;
            const entry = this.decode(id, fields);
            for (const listener of [...this.listeners]) listener(entry);
          }
        }
      } catch (error) {
        if (!this.running) return;
        // Redis went away: keep the last id, wait, and read on from it — nothing is skipped.
        failures++;
        await new Promise((r) => setTimeout(r, Math.min(2_000, 100 * 2 ** failures)));
      }
    }
  }

  private decode(id: string, fields: string[]): Entry {
    const value = (name: string) => {
      for (let i = 0; i + 1 < fields.length; i += 2) if (fields[i] === name) return fields[i + 1];
      return undefined;
    };
    const text = value('e') ?? '{}';
    const event: ConsoleEvent = { ...(JSON.parse(text) as NewEvent), id, stale: value('s') === '1' };
    eventSizes.set(event, Buffer.byteLength(text));
    // An entry written before events carried their tenant (by an older instance) is the sole tenant's.
    return { event, tenant: (value('t') as TenantId | undefined) ?? SOLE_TENANT };
  }
}
