import { consoleApi, RESYNC_EVENT, roleMayUse, type ConsoleEvent, type ConsoleRole } from '@credence/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.js';
import type { SessionStore } from '../auth/sessions.js';
import type { EventBus } from '../events/bus.js';
import { SharedBatches, sseTextOf } from '../events/batch-bytes.js';
import { ClientQueue, type WakeScheduler } from '../events/client-queue.js';
import { sseResponse, type SseStream } from '../events/sse-response.js';
import { requireAccess } from '../middleware/require-role.js';
import type { GracefulStop } from '../observability/graceful-stop.js';
import type { Metrics } from '../observability/metrics.js';

const { events: route } = consoleApi;

export interface EventStreamOptions {
  bus: EventBus;
  sessions: SessionStore;
  heartbeatMs: number;
  /** Past this many undelivered events a client is told to resync instead of being buffered. */
  clientQueueLimit: number;
  clientQueueBytes: number;
  /**
   * A stream is ended after this long; the browser reconnects at once with Last-Event-ID. Keeps
   * proxies and load balancers from holding one connection for ever, and re-checks the session.
   */
  maxStreamMs: number;
  /** Wakes the streams together: events that follow a write within its window go out with the next one (one write per browser). */
  flushes: WakeScheduler;
  /** How often the sessions of open streams are checked in the store: a logout or expiry anywhere ends them within this. */
  sessionCheckMs?: number;
  /** Open streams and how late events reach them. */
  metrics?: Metrics | undefined;
  /** On SIGTERM each stream is told to reconnect (soon, to another instance) and ended. */
  stopping?: GracefulStop | undefined;
}

/**
 * The open streams of each session, checked together against the store (one query for all of them),
 * so that a logout on another instance, or an expiry, ends them within `everyMs`.
 */
class OpenStreams {
  private readonly bySession = new Map<string, Set<() => void>>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly sessions: SessionStore,
    private readonly everyMs: number,
  ) {}

  add(sessionId: string, end: () => void): () => void {
    let ends = this.bySession.get(sessionId);
    if (!ends) this.bySession.set(sessionId, (ends = new Set()));
    ends.add(end);
    this.timer ??= setInterval(() => void this.check(), this.everyMs);
    return () => {
      ends.delete(end);
      if (ends.size === 0) this.bySession.delete(sessionId);
      if (this.bySession.size === 0) {
        clearInterval(this.timer);
        this.timer = undefined;
      }
    };
  }

  private checking = false;
  private async check(): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      const ids = [...this.bySession.keys()];
      const alive = await this.sessions.stillActive(ids);
      for (const id of ids) if (!alive.has(id)) for (const end of this.bySession.get(id) ?? []) end();
    } catch {
      /* the store is unreachable: streams stay open until it answers again */
    } finally {
      this.checking = false;
    }
  }
}

/** Which events a role may see: those of the areas it may read. */
export function mayReceive(role: ConsoleRole, event: ConsoleEvent): boolean {
  switch (event.kind) {
    case 'credential':
      return roleMayUse(role, 'credentials');
    case 'presentation':
      return roleMayUse(role, 'presentations');
    case 'connection':
      return roleMayUse(role, 'connections');
    default:
      return role === 'admin';
  }
}

/** GET /api/events: server-sent events for the logged-in user, honouring Last-Event-ID. */
export function eventRoutes({
  bus,
  sessions,
  heartbeatMs,
  clientQueueLimit,
  clientQueueBytes,
  maxStreamMs,
  flushes: scheduler,
  sessionCheckMs = 500,
  metrics,
  stopping,
}: EventStreamOptions) {
  const openStreams = new OpenStreams(sessions, sessionCheckMs);
  const shared = new SharedBatches();
  return new Hono<AppEnv>().get(route.path, requireAccess(route.access), (c) => {
    const user = c.get('user')!;
    const sessionId = c.get('sessionId');
    const tenant = c.var.tenant;
    const lastId = c.req.header('last-event-id') ?? c.req.query('lastEventId') ?? undefined;
    c.header('cache-control', 'no-store');
    c.header('x-accel-buffering', 'no');
    const run = async (stream: SseStream) => {
      const queue = new ClientQueue(clientQueueLimit, scheduler, clientQueueBytes);
      const subscription = await bus.subscribe(tenant, lastId, (message) => {
        if (message.type === 'event' && !mayReceive(user.role, message.event)) return;
        queue.push(message);
      });
      const heartbeat = setInterval(() => queue.push({ type: 'heartbeat' }), heartbeatMs);
      const forget = sessionId ? openStreams.add(sessionId, () => stop()) : () => undefined;
      const counted = metrics?.streamOpened();
      let reconnectSoon = false;
      const unlist = stopping?.onStop(() => {
        reconnectSoon = true;
        stop();
      });
      const stop = () => {
        forget();
        counted?.();
        unlist?.();
        subscription.close();
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        queue.close();
      };
      const lifetime = setTimeout(stop, maxStreamMs);
      stream.onAbort(stop);
      try {
        // The ready event carries the bus position as its id, so even a browser that has seen no event
        // yet resumes from here (Last-Event-ID) after a reconnect, rather than missing the gap.
        // With a Last-Event-ID the replay follows; a position here would let a reconnect skip it.
        const position = lastId === undefined ? await bus.position() : undefined;
        await stream.write(`event: ready\ndata: ${JSON.stringify({ role: user.role })}\n${position ? `id: ${position}\n` : ''}retry: 2000\n\n`);
        while (!stream.aborted) {
          const batch = await queue.take();
          if (batch.length === 0) break;
          const oldest = batch.find((item) => item.type === 'event');
          if (oldest?.type === 'event') metrics?.delivered(oldest.event.received_at);
          // Everything waiting goes out in one write: under load a client's queue holds many events,
          // mostly the same as its neighbours' (encoded once for all of them).
          const bytes = shared.bytesOf(batch);
          if (bytes) {
            await stream.write(bytes);
            continue;
          }
          let text = '';
          for (const item of batch) {
            if (item.type === 'heartbeat') {
              text += ': heartbeat\n\n';
            } else if (item.type === 'resync') {
              // The browser refetches everything now; the position lets its next reconnect resume from
              // here rather than from the id that was too old, which would resync it again and again.
              const position = await bus.position();
              text += `${position ? `id: ${position}\n` : ''}event: ${RESYNC_EVENT}\ndata: {}\n\n`;
            } else text += sseTextOf(item.event);
          }
          if (text) await stream.write(text);
        }
        // Stopping: the browser reconnects within a second (spread out), to an instance still listening.
        if (reconnectSoon && !stream.aborted) await stream.write(`retry: ${250 + Math.floor(Math.random() * 750)}\n\n`);
      } finally {
        stop();
      }
    };
    return sseResponse(c, run);
  });
}
