import { createServer, type Server, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;
/** A message that ends a client's turn: Sync (an extended-protocol query is complete), Query, Flush. */
const ENDS_TURN = new Set(['S'.charCodeAt(0), 'Q'.charCodeAt(0), 'H'.charCodeAt(0)]);
const TERMINATE = 'X'.charCodeAt(0);
const SYNC_OR_QUERY = new Set(['S'.charCodeAt(0), 'Q'.charCodeAt(0)]);
/** A client sending more than this without ending its turn is not a Postgres driver. */
const MAX_TURN_BYTES = 64 * 1024 * 1024;

interface Turn {
  connection: Connection;
  messages: Buffer[];
  /** Whether the turn ends with Sync or Query: after anything else (Flush) the client's portal stays open. */
  complete: boolean;
}

class Connection {
  buffer: Buffer = Buffer.alloc(0);
  started = false;
  pending: Buffer[] = [];
  pendingBytes = 0;
  closed = false;
  constructor(readonly socket: Socket) {}
}

/**
 * PGlite over the Postgres wire protocol, for several connections at once. PGlite is one database
 * session, so the connections take turns: a turn is everything a client sends up to a Sync, a Query
 * or a Flush, run without another connection's messages in between (their unnamed statements and
 * portals would overwrite each other), and a connection with an open transaction (or an open portal)
 * keeps the session until it ends it. @electric-sql/pglite-socket interleaves single messages of
 * different connections, which under load bound one client's parameters to another's statement.
 */
export class PgliteWireServer {
  private readonly server: Server;
  private readonly queue: Turn[] = [];
  private running = false;
  /** The connection holding the session between turns (open transaction or portal). */
  private owner: Connection | undefined;
  private readonly connections = new Set<Connection>();

  constructor(
    private readonly db: PGlite,
    private readonly maxConnections = 16,
  ) {
    this.server = createServer((socket) => this.accept(socket));
  }

  listen(path: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(path, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
  }

  async close(): Promise<void> {
    for (const c of this.connections) c.socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(socket: Socket): void {
    if (this.connections.size >= this.maxConnections) {
      socket.end(errorResponse('53300', 'too many connections to the embedded database'));
      return;
    }
    const connection = new Connection(socket);
    this.connections.add(connection);
    socket.on('data', (chunk: Buffer) => this.received(connection, chunk));
    socket.on('error', () => socket.destroy());
    socket.on('close', () => void this.closed(connection));
  }

  private received(c: Connection, chunk: Buffer): void {
    c.buffer = c.buffer.length === 0 ? chunk : Buffer.concat([c.buffer, chunk]);
    for (;;) {
      if (!c.started) {
        if (c.buffer.length < 8) return;
        const length = c.buffer.readInt32BE(0);
        if (c.buffer.length < length) return;
        const code = c.buffer.readInt32BE(4);
        const message = c.buffer.subarray(0, length);
        c.buffer = c.buffer.subarray(length);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) c.socket.write('N');
        else if (code === CANCEL_REQUEST) c.socket.destroy();
        else if (code === PROTOCOL_3) {
          c.started = true;
          this.enqueue({ connection: c, messages: [Buffer.from(message)], complete: true });
        } else return void c.socket.destroy();
        continue;
      }
      if (c.buffer.length < 5) return;
      const length = 1 + c.buffer.readInt32BE(1);
      if (c.buffer.length < length) return;
      const type = c.buffer[0]!;
      const message = Buffer.from(c.buffer.subarray(0, length));
      c.buffer = c.buffer.subarray(length);
      if (type === TERMINATE) return void c.socket.end();
      c.pending.push(message);
      c.pendingBytes += length;
      if (c.pendingBytes > MAX_TURN_BYTES) return void c.socket.destroy();
      if (ENDS_TURN.has(type)) {
        this.enqueue({ connection: c, messages: c.pending, complete: SYNC_OR_QUERY.has(type) });
        c.pending = [];
        c.pendingBytes = 0;
      }
    }
  }

  private enqueue(turn: Turn): void {
    this.queue.push(turn);
    void this.run();
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (;;) {
        const index = this.owner ? this.queue.findIndex((t) => t.connection === this.owner) : 0;
        if (index < 0 || this.queue.length === 0) return;
        const [turn] = this.queue.splice(index, 1);
        await this.take(turn!);
      }
    } finally {
      this.running = false;
    }
  }

  private async take({ connection: c, messages, complete }: Turn): Promise<void> {
    if (c.closed) return;
    // The last bytes answered: a complete turn ends with ReadyForQuery, whose status says whether a transaction is open.
    let tail = Buffer.alloc(0);
    try {
      for (const message of messages) {
        await this.db.runExclusive(() =>
          this.db.execProtocolRawStream(message, {
            onRawData: (data) => {
              if (data.length === 0) return;
              const copy = Buffer.from(data);
              tail = Buffer.concat([tail, copy.subarray(-6)]).subarray(-6);
              if (!c.closed) c.socket.write(copy);
            },
          }),
        );
      }
      if (!c.closed) this.owner = !complete || inTransaction(tail) ? c : undefined;
      else await this.release(c);
    } catch {
      this.owner = undefined;
      c.socket.destroy();
    }
  }

  private async closed(c: Connection): Promise<void> {
    c.closed = true;
    this.connections.delete(c);
    for (let i = this.queue.length - 1; i >= 0; i--) if (this.queue[i]!.connection === c) this.queue.splice(i, 1);
    if (this.owner === c) {
      await this.release(c);
      void this.run();
    }
  }

  /** A connection that closed with the session in hand: what it left open must not hold it (or its locks). */
  private async release(c: Connection): Promise<void> {
    if (this.owner === c) this.owner = undefined;
    // A client gone mid-transaction or mid-portal: the session goes back to idle for the next one.
    // (exec takes PGlite's own lock: not inside runExclusive.)
    await this.db.exec('ROLLBACK').catch(() => undefined);
  }
}

/** ReadyForQuery ('Z', length 5) with status T (in a transaction) or E (in a failed one) ends these bytes. */
function inTransaction(tail: Buffer): boolean {
  if (tail.length < 6 || tail[0] !== 0x5a || tail.readInt32BE(1) !== 5) return false;
  return tail[5] === 0x54 || tail[5] === 0x45;
}

/** An ErrorResponse message (severity, code, text) for a client PGlite never saw. */
function errorResponse(code: string, text: string): Buffer {
  const fields = Buffer.concat([field('S', 'FATAL'), field('V', 'FATAL'), field('C', code), field('M', text), Buffer.from([0])]);
  const head = Buffer.alloc(5);
  head.write('E', 0);
  head.writeInt32BE(4 + fields.length, 1);
  return Buffer.concat([head, fields]);
}

const field = (name: string, value: string) => Buffer.concat([Buffer.from(name), Buffer.from(value), Buffer.from([0])]);
