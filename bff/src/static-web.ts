import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { consoleApiRefs, firstListPageUrl } from '@credence/shared';
import { Hono, type Context } from 'hono';
import type { AppEnv } from './app-env.js';
import { WebAssets } from './web-assets.js';

export interface WebAppOptions {
  /** Whether the request comes with a live session: only then does a page name its first data (logged out, the login page must not hear a 401 first). */
  signedIn?: (c: Context<AppEnv>) => Promise<boolean>;
}

/**
 * Serves the built web app. Hashed assets are cached for a year; every other GET that is not a
 * file gets index.html, so deep links like /credentials/<id> load and the SPA routes them.
 */
export function webApp(distDir: string, { signedIn }: WebAppOptions = {}) {
  const app = new Hono<AppEnv>();
  const indexPath = join(distDir, 'index.html');
  // serveStatic resolves `root` against the working directory.
  const root = relative(process.cwd(), distDir) || '.';

  app.use('*', async (c, next) => {
    await next();
    // Hashed asset names change with their content; everything else must be checked every time.
    if (c.res.ok) c.header('cache-control', c.req.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
  });
  const page = async (c: Context<AppEnv>) => {
    // A missing file (an old asset, a typo) is 404, never the app's HTML under a script's name.
    if (/\.[A-Za-z0-9]+$/.test(c.req.path)) return c.text('Not found', 404);
    if (!existsSync(indexPath)) {
      return c.text('The web app is not built. Run `pnpm start` (it builds it) or `pnpm --filter ./web build`.', 503);
    }
    const path = c.req.path.length > 1 ? c.req.path.replace(/\/+$/, '') : c.req.path;
    const live = signedIn ? await signedIn(c) : false;
    // The console's settings, which every page reads before its own data once logged in; and a list's
    // first page when it is opened with nothing in its address (any search changes what it asks for).
    const dataUrl = firstListPageUrl(path);
    const firstData = live ? [CONFIG_URL, ...(dataUrl && !new URL(c.req.url).search ? [dataUrl] : [])] : [];
    // What the page names depends on the session cookie.
    if (signedIn) c.header('vary', 'Cookie');
    const html = withPreloads(await readFile(indexPath, 'utf8'), await routePreloads(distDir), path, firstData);
    return c.html(signedIn && !live ? saidSignedOut(html) : html);
  };
  // The root is the app's page too (it leads to the role's home), not the build's index.html as it is.
  app.get('/', page);
  const assets = new WebAssets(distDir);
  app.on(['GET', 'HEAD'], '/assets/*', async (c, next) => {
    const answer = assets.answer(c);
    if (answer) return answer;
    await next();
  });
  // The build wrote .br and .gz beside each file: sent as they are when the browser accepts them.
  app.get('*', serveStatic({ root, index: 'index.html', precompressed: true }));
  app.get('*', page);
  return app;
}

const SESSION_PRELOAD = /<link rel="preload" href="\/api\/session"[^>]*>/;

/**
 * Sent without a live session: the page does not ask who is signed in (the answer would be a 401 in
 * the browser's console on every first visit), and says so to the app, whose first look at the session
 * then needs no request (`web/src/lib/sent-signed-out.ts`).
 */
function saidSignedOut(html: string): string {
  const page = html.replace(SESSION_PRELOAD, '');
  const head = page.indexOf('</head>');
  return head === -1 ? page : `${page.slice(0, head)}<meta name="credence-session" content="none">${page.slice(head)}`;
}

/** The build's chunks per page path (`route-preloads.json`, written beside index.html); none when it is missing or unreadable. */
async function routePreloads(distDir: string): Promise<Record<string, unknown>> {
  try {
    const parsed: unknown = JSON.parse(await readFile(join(distDir, 'route-preloads.json'), 'utf8'));
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const CONFIG_URL = `/api${consoleApiRefs.config.path}`;
const ASSET_PATH = /^\/assets\/[\w.-]+\.js$/;

/**
 * The app's page with `modulepreload` links for the chunks the page at `path` needs, so the browser
 * fetches them beside the entry instead of after it has run, and a `preload` of each of the page's
 * first data when given (the app's own fetch of it takes that answer). Only hashed asset paths are named.
 * The data goes before the entry's script: the browser asks in the order it reads, six at a time, and
 * the data takes the server longest to answer, so it leaves first instead of queueing behind the chunks.
 */
function withPreloads(html: string, preloads: Record<string, unknown>, path: string, firstData: string[]): string {
  const files = preloads[path];
  const chunks = (Array.isArray(files) ? files : [])
    .filter((file): file is string => typeof file === 'string' && ASSET_PATH.test(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)
    .join('');
  const data = firstData.map((url) => `<link rel="preload" as="fetch" crossorigin href="${url.replaceAll('&', '&amp;')}">`).join('');
  const script = html.indexOf('<script');
  const head = html.indexOf('</head>');
  if (head === -1) return html;
  if (script !== -1 && script < head) return `${html.slice(0, script)}${data}${html.slice(script, head)}${chunks}${html.slice(head)}`;
  return `${html.slice(0, head)}${data}${chunks}${html.slice(head)}`;
}
