import { agentApi, consoleApi, type RouteEntry } from '@credence/shared';

const entries: readonly RouteEntry[] = [...Object.values(agentApi), ...Object.values(consoleApi)];
const patterns = entries.map((entry) => ({ entry, pattern: new RegExp(`^/api${entry.path.replace(/:[A-Za-z_]+/g, '[^/]+')}$`) }));

/** The shared contract's entry for a call the browser makes, if there is one. */
export function routeFor(method: string, url: string): RouteEntry | undefined {
  const pathname = new URL(url, 'http://console.test').pathname;
  return patterns.find(({ entry, pattern }) => entry.method === method && pattern.test(pathname))?.entry;
}

/**
 * What the browser receives, checked against the response schemas the web app parses answers with:
 * the same schemas on both ends, fed by the agent's real answers through the BFF.
 */
export class ConsoleContract {
  checked = 0;
  readonly violations: string[] = [];

  check(method: string, url: string, status: number, body: unknown): void {
    if (status < 200 || status >= 300) return;
    const entry = routeFor(method, url);
    if (!entry) {
      this.violations.push(`${method} ${url}: no contract entry`);
      return;
    }
    this.checked++;
    const parsed = entry.response.safeParse(status === 204 ? null : body);
    if (!parsed.success) this.violations.push(`${method} ${url}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
}
