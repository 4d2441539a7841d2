import { serve } from '@hono/node-server';
import { createSandboxApp } from './app.js';
import { parseSandboxConfig } from './config.js';
import { seedSandbox } from './seed.js';
import { SandboxStore } from './store.js';

/** The sandbox agent as its own process: `pnpm --filter ./bff sandbox`. */
try {
  const config = parseSandboxConfig(process.env);
  const data = seedSandbox({
    seed: config.seed,
    epochMs: config.epochMs,
    walletType: config.wallet.type,
    credentialRecords: config.credentialRecords,
    presentationRecords: config.presentationRecords,
  });
  const store = new SandboxStore(data, config.wallet);
  const app = createSandboxApp({ store, apiKey: config.apiKey });
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    console.log(
      `[sandbox] agent admin API on http://${config.host}:${info.port} (${config.wallet.type} wallet "${config.wallet.name}", ` +
        `${store.credentials.size} credential and ${store.presentations.size} presentation records, seed ${config.seed})`,
    );
    if (config.apiKeyGenerated) console.log(`[sandbox] X-API-Key: ${config.apiKey}`);
  });
  server.once('error', (error) => {
    console.error(`[sandbox] cannot listen on ${config.host}:${config.port}: ${error.message}`);
    process.exit(1);
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
