import { percentile } from './stats.js';
import { startCluster } from '../../e2e/two-instances-setup.js';
import { DEMO_PASSWORD, SANDBOX_API_KEY, WEBHOOK_SECRET } from './processes.js';

const FIRST_PAGE = '/api/issue-credential-2.0/records?limit=26&offset=0&descending=true';

/** Login, then the credentials list's first page (25 + 1 rows), as a new browser does: one timing. */
async function loginThenFirstPage(url: string): Promise<{ ms: number; upstreams: string[] }> {
  const t0 = performance.now();
  const login = await fetch(`${url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ username: 'issuer', password: DEMO_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`login through ${url} → ${login.status}`);
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const page = await fetch(`${url}${FIRST_PAGE}`, { headers: { cookie } });
  if (page.status !== 200) throw new Error(`first page through ${url} → ${page.status}`);
  await page.arrayBuffer();
  const ms = performance.now() - t0;
  return { ms, upstreams: [login.headers.get('x-upstream') ?? '', page.headers.get('x-upstream') ?? ''] };
}

const summary = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return { p50: { value: round(percentile(sorted, 50)), unit: 'ms' }, p95: { value: round(percentile(sorted, 95)), unit: 'ms' } };
};

/**
 * docs/deploying.md's setup (the one e2e/tests/two-instances.spec.ts runs): login → first page through
 * nginx in front of two BFFs on Postgres and Redis, beside the same two calls made to one BFF directly.
 */
export async function clusterFirstPage(rounds = 30) {
  const cluster = await startCluster({
    nginxPort: 8294,
    bffPorts: [8295, 8296],
    sandboxPort: 8297,
    sandboxApiKey: SANDBOX_API_KEY,
    webhookSecret: WEBHOOK_SECRET,
    sessionSecret: 'bench-cluster-session-secret-0123456789abcdef',
    demoPassword: DEMO_PASSWORD,
  });
  try {
    const viaNginx: number[] = [];
    const direct: number[] = [];
    const split = { sameInstance: 0, otherInstance: 0 };
    for (let round = 0; round < rounds + 3; round++) {
      const through = await loginThenFirstPage(cluster.url);
      const one = await loginThenFirstPage(cluster.bffUrls[round % 2]!);
      if (round < 3) continue; // warm-up
      viaNginx.push(through.ms);
      direct.push(one.ms);
      if (through.upstreams[0] === through.upstreams[1]) split.sameInstance++;
      else split.otherInstance++;
    }
    return {
      rounds,
      viaNginx: summary(viaNginx),
      directToOneInstance: summary(direct),
      // Round robin: a login and its first page land on the same instance or on the other one.
      loginAndPageOn: split,
    };
  } finally {
    await cluster.stop();
  }
}
