/**
 * For tests/oidc.spec.ts: a real OpenID provider (panva's oidc-provider, in this process, on a private
 * loopback port, with accounts in each role and one without), the sandbox agent, and a compiled console
 * (bff/dist/serve.js) that has no local users and signs in only through that provider.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_ROLE_MAP, startTestProvider, type TestProvider } from '../bff/src/test/oidc-provider';

const root = fileURLToPath(new URL('..', import.meta.url));

export const OIDC_PROVIDER_NAME = 'Test SSO';
const CLIENT_SECRET = 'e2e-oidc-client-secret-0123456789';

export interface OidcSetupOptions {
  bffPort: number;
  sandboxPort: number;
  providerPort: number;
  sandboxApiKey: string;
  webhookSecret: string;
  /** Settings added to (or replacing) the sandbox's and the console's, for a spec that needs another console. */
  sandboxEnv?: Record<string, string>;
  bffEnv?: Record<string, string>;
}

export interface OidcSetup {
  url: string;
  provider: TestProvider;
  dir: string;
  stop(): Promise<void>;
}

// 60 s: a console starting while other journeys run beside it on 2 shared cores can take over 30 s.
async function waitFor(what: string, probe: () => Promise<boolean>, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited while waiting for ${what}`);
    if (await probe().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export async function startOidcSetup(options: OidcSetupOptions): Promise<OidcSetup> {
  for (const file of ['bff/dist/serve.js', 'sandbox/dist/main.js', 'web/dist/index.html']) {
    if (!existsSync(join(root, file))) throw new Error(`${file} is missing: build web, sandbox and bff first (pnpm test:e2e does)`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'credence-oidc-'));
  const url = `http://127.0.0.1:${options.bffPort}`;
  const sandboxUrl = `http://127.0.0.1:${options.sandboxPort}`;
  const children: ChildProcess[] = [];
  const start = (name: string, script: string, env: Record<string, string>) => {
    const log = createWriteStream(join(dir, `${name}.log`));
    const child = spawn(process.execPath, [join(root, script)], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(log);
    child.stderr.pipe(log);
    children.push(child);
    return child;
  };
  let provider: TestProvider | undefined;
  const stop = async () => {
    for (const child of children.reverse()) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await provider?.close();
  };
  try {
    provider = await startTestProvider({ port: options.providerPort, consoleOrigins: [url], clientSecret: CLIENT_SECRET, name: OIDC_PROVIDER_NAME });
    const sandbox = start('sandbox', 'sandbox/dist/main.js', {
      SANDBOX_PORT: String(options.sandboxPort),
      SANDBOX_HOST: '127.0.0.1',
      SANDBOX_API_KEY: options.sandboxApiKey,
      SANDBOX_WEBHOOK_URL: `${url}/webhooks#${options.webhookSecret}`,
      SANDBOX_SEED: '7',
      SANDBOX_PEER_DELAY_MS: '300',
      SANDBOX_PEER_ACTIVITY_MS: '0',
      ...options.sandboxEnv,
    });
    await waitFor('the sandbox agent', async () => (await fetch(`${sandboxUrl}/status/ready`)).ok, sandbox);
    const bff = start('bff', 'bff/dist/serve.js', {
      PORT: String(options.bffPort),
      HOST: '127.0.0.1',
      ACAPY_ADMIN_URL: sandboxUrl,
      ACAPY_ADMIN_API_KEY: options.sandboxApiKey,
      WEBHOOK_SECRET: options.webhookSecret,
      SESSION_SECRET: 'e2e-oidc-session-secret-0123456789abcdef',
      CREDENCE_DATA_DIR: join(dir, 'data'),
      // No local users at all: the provider is the only way in.
      CREDENCE_USERS_FILE: '',
      CREDENCE_SANDBOX: '',
      CREDENCE_DEMO_PASSWORD: '',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: 'credence',
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      OIDC_ROLE_CLAIM: 'realm_access.roles',
      OIDC_ROLE_MAP: TEST_ROLE_MAP,
      OIDC_NAME: OIDC_PROVIDER_NAME,
      ...options.bffEnv,
    });
    await waitFor('the console', async () => (await fetch(`${url}/api/health`)).ok, bff);
    return {
      url,
      provider,
      dir,
      stop: async () => {
        await stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await stop();
    throw new Error(`could not start the OIDC setup (logs in ${dir}): ${(error as Error).message}`, { cause: error });
  }
}
