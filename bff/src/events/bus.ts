import type { ConsoleEvent } from '@credence/shared';
import type { TenantId } from '../tenancy/tenant.js';

/** An event before the bus has given it an id and decided whether it is stale. */
export type NewEvent = Omit<ConsoleEvent, 'id' | 'stale'>;

export interface PublishInput {
  /** Whose event it is: only that tenant's streams receive it (dedupe and ordering are per tenant too). */
  tenant: TenantId;
  event: NewEvent;
  /** Same key twice → the second is a duplicate delivery: acknowledged, dropped. */
  dedupeKey: string | null;
  /** Events with the same key are ordered by `updatedAt`; an older one is marked stale. */
  orderKey: string | null;
  /** `updated_at` as a number (microseconds since the epoch), or null when the payload has none. */
  updatedAt: number | null;
  /** The size of the webhook's JSON: what the event is counted as by the byte bounds. */
  bytes: number;
}

const sizes = new WeakMap<ConsoleEvent, number>();
/** The events' sizes, for the byte bounds of the buffers that hold them (replay, browsers' queues). */
export const eventSizes = {
  set: (event: ConsoleEvent, bytes: number): void => void sizes.set(event, bytes),
  /** An event the bus did not size (e.g. built in a test) counts as 1 KB. */
  of: (event: ConsoleEvent): number => sizes.get(event) ?? 1024,
};

export type PublishResult = { outcome: 'published'; event: ConsoleEvent } | { outcome: 'duplicate' };

/** What a subscriber receives: an event, or word that it missed more than the bus holds. */
export type BusMessage = { type: 'event'; event: ConsoleEvent } | { type: 'resync' };

export interface Subscription {
  close(): void;
}

/**
 * Accepted webhook events in order, each with an increasing id, to every subscriber — with replay of
 * what is still held after a given id (else a `resync`).
 */
export interface EventBus {
  readonly kind: 'memory' | 'redis';
  /** For /api/health: can events be published and read now? */
  healthy(): Promise<boolean>;
  publish(input: PublishInput): Promise<PublishResult>;
  /**
   * Replays `tenant`'s events that came after `lastId` (or sends `resync` when that is no longer held), then
   * its live events; another tenant's never reach the listener.
   */
  subscribe(tenant: TenantId, lastId: string | undefined, listener: (message: BusMessage) => void): Promise<Subscription>;
  /** The id to resume from if nothing newer arrives: what a new subscriber is told, so it can resume. */
  position(): Promise<string | undefined>;
  close(): Promise<void>;
}

/** `2026-07-22T19:17:37.123456Z` → microseconds since the epoch (ms precision is too coarse to order). */
export function microsOf(timestamp: string | null | undefined): number | null {
  if (!timestamp) return null;
  const match = /^(.*T\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\d*(Z|[+-]\d{2}:?\d{2})?$/.exec(timestamp.trim().replace(' ', 'T'));
  if (!match) return null;
  const ms = Date.parse(`${match[1]}${match[3] ?? 'Z'}`);
  if (Number.isNaN(ms)) return null;
  return ms * 1000 + Number((match[2] ?? '').padEnd(6, '0'));
}

/** A dedupe or ordering key inside its tenant: one tenant's webhook can never mark another's as a duplicate or stale. */
export const keyInTenant = (tenant: TenantId, key: string | null): string | null => (key === null ? null : `${tenant}|${key}`);
