/** The WHATWG URL every runtime has (shared is compiled without DOM or Node types). */
declare const URL: new (input: string, base?: string) => { origin: string; pathname: string; search: string; hash: string };

/**
 * `next` as a path of this site, or null: only same-site paths are followed after signing in, so a crafted
 * link cannot send the user elsewhere (used by the web app and by the BFF's OIDC callback alike).
 */
export function safeNextPath(next: string | null | undefined, origin: string): string | null {
  if (!next || !next.startsWith('/')) return null;
  try {
    const url = new URL(next, origin);
    // `//evil.example` and `/\evil.example` both leave the site; only same-origin paths are followed.
    if (url.origin !== origin || url.pathname.startsWith('/login')) return null;
    // Dot segments resolve away (`/.//evil.example`, `/x/..//evil.example`, `/%2e//…` → `//evil.example`):
    // a path that starts with two slashes (or a backslash) would leave the site when followed. Home instead.
    if (/^[/\\]{2}/.test(url.pathname)) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
