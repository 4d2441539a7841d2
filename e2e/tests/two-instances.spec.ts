import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { APIResponse, Page } from '@playwright/test';
import { expect, logIn, test } from '../fixtures';
import { typeIdsUnderAdvanced } from '../offer-form';
import { DEMO_PASSWORD, SANDBOX_API_KEY, TWO_BFF_PORTS, TWO_NGINX_PORT, TWO_SANDBOX_PORT, WEBHOOK_SECRET } from '../settings';
import { startCluster, type Cluster } from '../two-instances-setup';
import { technicalField } from '../technical-details';

/**
 * docs/deploying.md, run: two compiled BFFs on one Postgres and one Redis, behind Debian's nginx as a
 * round-robin load balancer without stickiness (its configuration is read from the doc). The spec
 * starts all of it itself, and stops it after; the logs are attached to the result.
 */
let cluster: Cluster | undefined;

test.use({ baseURL: `http://127.0.0.1:${TWO_NGINX_PORT}` });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  cluster = await startCluster({
    nginxPort: TWO_NGINX_PORT,
    bffPorts: TWO_BFF_PORTS,
    sandboxPort: TWO_SANDBOX_PORT,
    sandboxApiKey: SANDBOX_API_KEY,
    webhookSecret: WEBHOOK_SECRET,
    sessionSecret: 'two-instances-session-secret-0123456789abcdef',
    demoPassword: DEMO_PASSWORD,
  });
});

test.afterAll(async () => {
  await cluster?.stop();
});

interface Served {
  method: string;
  path: string;
  status: number;
  /** nginx's $upstream_addr: the instance that answered, after any it tried first ("a, b"). */
  upstream: string;
  /** When the request was sent (ms since the epoch). */
  at: number;
  detail?: string;
}

interface AuditEntry {
  action: string;
  actor: string;
  outcome: string;
  target: Record<string, string>;
}

test('one login through nginx: work across both instances, one killed, both restarted', async ({ page, context, consoleErrors }) => {
  test.setTimeout(90_000);
  const { bffUrls, upstreams } = cluster!;
  // Every answer that came through nginx: the browser's, and the API calls made with its cookie.
  const served: Served[] = [];
  const record = (method: string, url: string, status: number, upstream: string | undefined, at: number) => {
    if (upstream === undefined) return undefined;
    const entry: Served = { method, path: new URL(url).pathname, status, upstream, at };
    served.push(entry);
    return entry;
  };
  page.on('response', (r) => {
    const entry = record(r.request().method(), r.url(), r.status(), r.headers()['x-upstream'], r.request().timing().startTime);
    // What a failed answer said (nginx's own page, or the console's problem), for the attachment below.
    if (entry && r.status() >= 500)
      r.text().then(
        (text) => (entry.detail = text.slice(0, 300)),
        () => undefined,
      );
  });
  const viaNginx = async (call: () => Promise<APIResponse>) => {
    const at = Date.now();
    const response = await call();
    record('GET', response.url(), response.status(), response.headers()['x-upstream'], at);
    return response;
  };
  const instancesSince = (from: number) => new Set(served.slice(from).map((s) => s.upstream));

  try {
    await test.step('log in once through nginx and open the list; requests go to both instances', async () => {
      await logIn(page, 'admin', '/credentials');
      const table = page.getByRole('table', { name: 'Credential exchanges' });
      await expect(table).not.toHaveAttribute('aria-busy');
      await expect(table.locator('tbody tr').first()).toBeVisible();
      await expect(page.getByRole('status', { name: 'Live updates: Live' })).toBeVisible();
      // Round robin, no stickiness: one session served by both (asked again only if the page's own calls did not show it yet).
      await expect
        .poll(async () => {
          await viaNginx(() => page.request.get('/api/session'));
          return [...instancesSince(0)].sort();
        })
        .toEqual([...upstreams].sort());
    });

    const journeyStart = served.length;
    let credExId = '';
    await test.step('offer a credential and issue it, the holder’s answer arriving live', async () => {
      await page.getByRole('link', { name: 'Offer a credential' }).click();
      // The list stays on screen while the offer's code loads, and it has a Connection filter of its own.
      await expect(page.getByRole('heading', { level: 1, name: 'Offer a credential' })).toBeVisible();
      await page.getByLabel('Connection').selectOption({ label: 'Bob Smith' });
      await typeIdsUnderAdvanced(page);
      // The format ticked at first follows the wallet type the console read from the agent; this journey offers indy.
      await page.getByRole('checkbox', { name: 'Indy' }).check();
      const indy = page.getByRole('group', { name: 'Indy filter' });
      await indy.getByLabel('Schema name').fill('Student ID');
      await indy.getByLabel('Schema version').fill('1.2');
      const values = { student_id: 'S-1', name: 'Bob Smith', degree: 'Maths', enrolment_year: '2024', birthdate_dateint: '20010415' };
      for (let i = 1; i < Object.keys(values).length; i++) await page.getByRole('button', { name: 'Add attribute' }).click();
      for (const [index, [name, value]] of Object.entries(values).entries()) {
        await page.getByLabel(`Attribute ${index + 1} name`).fill(name);
        await page.getByLabel(`Attribute ${index + 1} value`).fill(value);
      }
      await page.getByRole('button', { name: 'Send offer' }).click();
      await expect(page).toHaveURL(/\/credentials\/[0-9a-f-]{36}$/);
      credExId = page.url().split('/').at(-1)!;
      // The holder's request comes as a webhook through nginx to either instance; this page sees it without a reload.
      const issue = page.getByRole('button', { name: 'Issue credential' });
      await expect(issue).toBeVisible();
      await issue.click();
      await expect(page.locator('.page-head').getByText('Done')).toBeVisible();
    });

    await test.step('a webhook posted to either instance reaches a browser on the other', async () => {
      // A page opened on an instance's own port holds its event stream there (same cookie: ports do not separate cookies).
      const direct: Page[] = [];
      for (const url of bffUrls) {
        const other = await context.newPage();
        await other.goto(`${url}/events`);
        await expect(other.getByRole('status', { name: 'Live updates: Live' })).toBeVisible();
        direct.push(other);
      }
      for (const [from, to] of [
        [0, 1],
        [1, 0],
      ] as const) {
        const id = randomUUID();
        const delivery = await page.request.post(`${bffUrls[from]}/webhooks/topic/issue_credential_v2_0/`, {
          headers: { 'x-api-key': WEBHOOK_SECRET },
          data: { cred_ex_id: id, state: 'offer-sent', role: 'issuer' },
        });
        expect(await delivery.json()).toEqual({ accepted: true, duplicate: false });
        await expect(direct[to]!.getByRole('link', { name: id })).toBeVisible();
        await expect(direct[from]!.getByRole('link', { name: id })).toBeVisible();
      }
      for (const other of direct) await other.close();
    });

    await test.step('revoke the credential and publish the revocation', async () => {
      const registry = await technicalField(page, 'Revocation registry id');
      await expect(registry).toHaveText(/:4:.*:CL_ACCUM:/);
      const revRegId = (await registry.innerText()).trim();
      await page.getByRole('button', { name: 'Revoke…' }).click();
      const dialog = page.getByRole('dialog', { name: /^Revoke .*credential\?$/ });
      await dialog.getByRole('button', { name: 'Revoke credential' }).click();
      // Left pending, the dialog offers to publish now; this journey publishes from the Revocation page.
      await expect(dialog.getByText(/It is pending: verifiers still see the credential as valid/)).toBeVisible();
      await dialog.getByRole('button', { name: 'Publish later' }).click();
      await expect(dialog).toBeHidden();
      await page.getByRole('link', { name: 'Revocation' }).click();
      const row = page
        .getByRole('list', { name: 'Pending revocations' })
        .getByRole('listitem')
        .filter({ has: page.getByRole('button', { name: /^Publish/ }) })
        .filter({ hasText: revRegId });
      const [published] = await Promise.all([
        page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/revocation/publish')),
        row.getByRole('button', { name: /^Publish (the revocation of|\d+ revocations:) / }).click(),
      ]);
      expect(published.postDataJSON()).toEqual({ rev_reg_ids: [revRegId] });
      await expect(page.getByText(/Published \d+ revocation/)).toBeVisible();
    });

    let killed: 0 | 1 = 0;
    await test.step('start the wallet upgrade, kill (SIGKILL) the instance that took it, and carry on on the other', async () => {
      await page.getByRole('link', { name: 'Wallet' }).click();
      await page.getByLabel('I have backed up the wallet and its key.').check();
      await page.getByLabel('I have tested the upgrade on a copy outside production.').check();
      await page.getByLabel(/Type the wallet name/).fill('credence-sandbox');
      const [started] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/wallet/upgrade')),
        page.getByRole('button', { name: 'Upgrade wallet (irreversible)' }).click(),
      ]);
      expect(started.status()).toBe(202);
      // While the agent upgrades it answers 503 to everything, then restarts (502 meanwhile): the pages'
      // reads of the agent (the lists behind "Needs me", the console's settings) fail until it is back.
      consoleErrors.allow(/status of 50[23] .*\/api\/(issue-credential-2\.0|present-proof-2\.0|config|connections|revocation\/pending)/);
      const took = upstreams.indexOf(started.headers()['x-upstream']!);
      expect(took).toBeGreaterThanOrEqual(0);
      killed = took as 0 | 1;
      const survivor = upstreams[1 - killed]!;
      // Its event stream, if it held the browser's, is cut off mid-response.
      consoleErrors.allow(/ERR_INCOMPLETE_CHUNKED_ENCODING|ERR_EMPTY_RESPONSE/);
      const killing = Date.now();
      await cluster!.stopBff(killed, 'SIGKILL');
      const killedAt = Date.now();
      // Up to here the journey's API calls were answered by both instances.
      const journey = served.slice(journeyStart).filter((s) => s.at < killing && s.path.startsWith('/api/'));
      expect(new Set(journey.map((s) => s.upstream.split(', ').at(-1)))).toEqual(new Set(upstreams));

      // The other instance takes over the upgrade the dead one was following; no new login is asked for.
      const progress = page.getByRole('status', { name: 'Upgrade progress' });
      await expect(progress).toContainText('Done: the wallet is now of the anoncreds type.', { timeout: 30_000 });
      await expect(page.locator('dd').getByText('askar-anoncreds', { exact: true })).toBeVisible();
      await page.getByRole('link', { name: 'Audit' }).click();
      await expect(page.getByRole('table', { name: 'Audit log' }).getByRole('row').filter({ hasText: 'POST /api/wallet/upgrade' })).toHaveCount(1);
      await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
      await expect(page.getByLabel('Password')).toHaveCount(0);

      // Everything since the kill was answered by the survivor: nginx passed on what it could not send to the dead one.
      const since = served.filter((s) => s.at > killedAt);
      expect(since.length).toBeGreaterThan(0);
      expect(since.filter((s) => !s.upstream.endsWith(survivor))).toEqual([]);
      test.info().annotations.push({
        type: 'failover',
        description: `${since.filter((s) => s.upstream.includes(',')).length} of ${since.length} answers after the kill were first tried on the dead instance`,
      });
    });

    await test.step('the killed instance comes back; the audit log reads the same on both, every action once', async () => {
      await cluster!.startBff(killed);
      const before = served.length;
      await expect
        .poll(async () => {
          await viaNginx(() => page.request.get('/api/session'));
          return instancesSince(before).has(upstreams[killed]);
        })
        .toBe(true);

      const logs = await Promise.all(
        bffUrls.map(async (url) => {
          const response = await page.request.get(`${url}/api/audit?limit=200`);
          expect(response.status()).toBe(200);
          return ((await response.json()) as { entries: AuditEntry[] }).entries;
        }),
      );
      expect(logs[1]).toEqual(logs[0]);
      const entries = logs[0]!.toReversed();
      expect(entries.map((e) => e.action)).toEqual([
        'POST /api/session',
        'POST /api/issue-credential-2.0/send-offer',
        'POST /api/issue-credential-2.0/records/:cred_ex_id/issue',
        'POST /api/revocation/revoke',
        'POST /api/revocation/publish',
        'POST /api/wallet/upgrade',
      ]);
      expect(entries.filter((e) => e.actor !== 'admin' || e.outcome !== 'success')).toEqual([]);
      expect(entries[2]!.target.cred_ex_id).toBe(credExId);
      const posts = served.filter((s) => s.method === 'POST' && s.path.startsWith('/api/'));
      test.info().annotations.push({ type: 'served by', description: posts.map((s) => `${s.path} → ${s.upstream}`).join('; ') });
    });

    await test.step('both instances restarted: the same cookie is still a valid session', async () => {
      await page.goto('about:blank');
      const cookies = await context.cookies();
      await Promise.all([cluster!.stopBff(0, 'SIGTERM'), cluster!.stopBff(1, 'SIGTERM')]);
      await Promise.all([cluster!.startBff(0), cluster!.startBff(1)]);
      // nginx counts both instances failed for a few seconds after a request met them both down
      // (max_fails, fail_timeout) and answers 502 meanwhile; a session that did not survive would be a 401.
      let session = await viaNginx(() => page.request.get('/api/session'));
      await expect
        .poll(
          async () => {
            if (session.status() === 502) session = await viaNginx(() => page.request.get('/api/session'));
            return session.status();
          },
          { timeout: 15_000 },
        )
        .toBe(200);
      expect(await session.json()).toMatchObject({ username: 'admin', role: 'admin' });

      // Sign-ins are left out of the log's page unless asked for.
      await page.goto('/audit?signins=show');
      await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
      const audit = page.getByRole('table', { name: 'Audit log' });
      await expect(audit.getByRole('row').filter({ hasText: 'POST /api/wallet/upgrade' })).toHaveCount(1);
      await expect(audit.getByRole('row').filter({ hasText: 'POST /api/session' })).toHaveCount(1);
      expect(await context.cookies()).toEqual(cookies);
    });
  } finally {
    // For a failure (this test's, or the console-error check after it): what nginx passed where, and every process's output.
    await test.info().attach('served-through-nginx.json', { body: JSON.stringify(served, null, 1), contentType: 'application/json' });
    for (const file of cluster!.logFiles()) await test.info().attach(file.split('/').at(-1)!, { path: file, contentType: 'text/plain' });
  }
});

/**
 * A deploy as docs/deploying.md describes it: each instance in turn is stopped with SIGTERM (decision 038: it
 * stops listening, finishes what it was answering, tells the browsers' event streams to reconnect) and started
 * again, while requests keep coming and the agent sends a webhook.
 */
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
        // The instance's log is kept across its restarts: what this stop wrote comes after this point.
        const logFile = cluster!.logFiles().find((f) => f.endsWith(`bff-${TWO_BFF_PORTS[index]}.log`))!;
        const logBefore = readFileSync(logFile, 'utf8').length;
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
        // Once it has stopped, only the other instance answers.
        expect(answers.slice(-5).filter((a) => !a.upstream.endsWith(upstreams[1 - index]!))).toEqual([]);
        await expect(page.getByRole('link', { name: id })).toBeVisible();
        await expect(live).toBeVisible();
        // A stop asked for and done cleanly: exit code 0, after saying what it waited for.
        const log = readFileSync(logFile, 'utf8').slice(logBefore);
        expect(log).toMatch(/--- exited \(0\)/);
        expect(log).toContain('"msg":"stopped taking work"');
        await cluster!.startBff(index);
      });
    }
  } finally {
    for (const file of cluster!.logFiles()) await test.info().attach(file.split('/').at(-1)!, { path: file, contentType: 'text/plain' });
  }
});
