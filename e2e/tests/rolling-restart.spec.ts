import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, logIn, test } from '../fixtures';
import { DEMO_PASSWORD, ROLLING_BFF_PORTS, ROLLING_NGINX_PORT, ROLLING_SANDBOX_PORT, SANDBOX_API_KEY, WEBHOOK_SECRET } from '../settings';
import { startCluster, type Cluster } from '../two-instances-setup';

/**
 * A deploy as docs/deploying.md describes it: behind nginx, each of the two instances in turn is stopped
 * with SIGTERM (decision 038: it stops listening, finishes what it was answering, tells the browsers'
 * event streams to reconnect) and started again, while requests keep coming and the agent sends a webhook.
 */
let cluster: Cluster | undefined;

test.use({ baseURL: `http://127.0.0.1:${ROLLING_NGINX_PORT}` });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  cluster = await startCluster({
    nginxPort: ROLLING_NGINX_PORT,
    bffPorts: ROLLING_BFF_PORTS,
    sandboxPort: ROLLING_SANDBOX_PORT,
    sandboxApiKey: SANDBOX_API_KEY,
    webhookSecret: WEBHOOK_SECRET,
    sessionSecret: 'rolling-restart-session-secret-0123456789abcdef',
    demoPassword: DEMO_PASSWORD,
  });
});

test.afterAll(async () => {
  await cluster?.stop();
});

test('a rolling restart of two instances behind nginx loses no request and no event', async ({ page }) => {
  test.setTimeout(120_000);
  const { upstreams } = cluster!;
  await logIn(page, 'admin', '/events');
  const live = page.getByRole('status', { name: 'Live updates: Live' });
  await expect(live).toBeVisible();
  try {
    for (const index of [0, 1] as const) {
      await test.step(`instance ${index + 1} is stopped with SIGTERM and started again`, async () => {
        // Requests keep coming through nginx all along: some are in flight at the SIGTERM, others arrive while it stops.
        const answers: { status: number; upstream: string }[] = [];
        let stopped = false;
        const keepAsking = async () => {
          while (!stopped) {
            const res = await page.request.get('/api/session');
            answers.push({ status: res.status(), upstream: res.headers()['x-upstream'] ?? '' });
          }
        };
        const askers = [keepAsking(), keepAsking(), keepAsking()];
        await expect.poll(() => new Set(answers.map((a) => a.upstream)).size).toBe(2);
        const stopping = cluster!.stopBff(index, 'SIGTERM');
        // An exchange moves on at the agent while the instance stops: its webhook, sent as the agent sends it
        // (and sent again until accepted, as the agent does), reaches the browser's page.
        const id = randomUUID();
        await expect
          .poll(async () =>
            (
              await page.request.post('/webhooks/topic/issue_credential_v2_0/', {
                headers: { 'x-api-key': WEBHOOK_SECRET },
                data: { cred_ex_id: id, state: 'offer-sent', role: 'issuer' },
              })
            ).status(),
          )
          .toBe(200);
        await stopping;
        const during = answers.length;
        await expect.poll(() => answers.length).toBeGreaterThan(during + 5);
        stopped = true;
        await Promise.all(askers);
        expect(answers.filter((a) => a.status !== 200)).toEqual([]);
        // Since the stop, only the other instance answers.
        expect(answers.slice(during).filter((a) => !a.upstream.endsWith(upstreams[1 - index]!))).toEqual([]);
        await expect(page.getByRole('link', { name: id })).toBeVisible();
        await expect(live).toBeVisible();
        // A stop asked for and done cleanly: exit code 0, after saying what it waited for.
        const log = readFileSync(
          cluster!.logFiles().find((f) => f.endsWith(`bff-${ROLLING_BFF_PORTS[index]}.log`))!,
          'utf8',
        );
        expect(log).toMatch(/--- exited \(0\)/);
        expect(log).toContain('"msg":"stopped taking work"');
        await cluster!.startBff(index);
      });
    }
  } finally {
    for (const file of cluster!.logFiles()) await test.info().attach(file.split('/').at(-1)!, { path: file, contentType: 'text/plain' });
  }
});
