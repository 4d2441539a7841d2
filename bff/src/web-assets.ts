import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Context } from 'hono';
import { getMimeType } from 'hono/utils/mime';

/** A file of the build and the compressed copies the build wrote beside it. */
interface Asset {
  type: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

const HASHED_NAME = /^[\w.-]+\.(js|css|svg|woff2?|png|webp)$/;

/**
 * The build's hashed assets (`<dist>/assets/*`), read into memory once with their `.br` and `.gz`
 * copies, and sent from there: a cold page asks for some twenty of them at once over the browser's six
 * connections, and each one read from disk through a web stream (serveStatic) kept the next in the
 * queue waiting. Their names change with their content, so what was read stays true; a file added
 * after the start (a rebuild) is not here and is served from disk as before. At most `maxBytes` are
 * held; the files past it are served from disk too.
 */
export class WebAssets {
  private readonly assets = new Map<string, Asset>();
  readonly bytes: number;

  constructor(distDir: string, maxBytes = 32 * 1024 * 1024) {
    const dir = join(distDir, 'assets');
    let names: string[];
    try {
      names = readdirSync(dir)
        .filter((name) => HASHED_NAME.test(name))
        .sort();
    } catch {
      names = [];
    }
    let held = 0;
    for (const name of names) {
      const read = (file: string) => {
        try {
          return statSync(file).isFile() ? readFileSync(file) : undefined;
        } catch {
          return undefined;
        }
      };
      const identity = read(join(dir, name));
      if (!identity) continue;
      const br = read(join(dir, `${name}.br`));
      const gzip = read(join(dir, `${name}.gz`));
      const size = identity.length + (br?.length ?? 0) + (gzip?.length ?? 0);
      if (held + size > maxBytes) continue;
      held += size;
      this.assets.set(`/assets/${name}`, { type: getMimeType(name) ?? 'application/octet-stream', identity, ...(br && { br }), ...(gzip && { gzip }) });
    }
    this.bytes = held;
  }

  get count(): number {
    return this.assets.size;
  }

  /** The answer for a GET or HEAD of a held asset, in the best encoding the browser accepts; undefined for anything else. */
  answer(c: Context): Response | undefined {
    const asset = this.assets.get(c.req.path);
    if (!asset) return undefined;
    const accepted = acceptedEncodings(c.req.header('accept-encoding'));
    const [encoding, body] =
      asset.br && accepted.has('br')
        ? (['br', asset.br] as const)
        : asset.gzip && accepted.has('gzip')
          ? (['gzip', asset.gzip] as const)
          : ([undefined, asset.identity] as const);
    c.header('content-type', asset.type);
    if (asset.br || asset.gzip) c.header('vary', 'Accept-Encoding');
    if (encoding) c.header('content-encoding', encoding);
    c.header('content-length', String(body.length));
    if (c.req.method === 'HEAD') return c.body(null, 200);
    // A file's bytes read whole from disk: never a shared pool, so a view of its own buffer.
    return c.body(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length), 200);
  }
}

/** The codings an Accept-Encoding names without `q=0`. */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name || params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p))) continue;
    accepted.add(name);
  }
  return accepted;
}
