import { serve } from '@hono/node-server';
import { parseSandboxConfig } from './config.js';
import { webhookEmitter } from './events.js';
import { createSandbox } from './sandbox.js';
import { WebhookSender } from './webhooks.js';

/** The sandbox agent as its own process: `pnpm --filter bff sandbox`. */
try {
  const config = parseSandboxConfig(process.env);
  const sender = config.webhooks.length
    ? new WebhookSender({
        targets: config.webhooks,
        retryDelayMs: config.webhookRetryMs,
        onGiveUp: (topic, target, reason) => console.warn(`[sandbox] webhook ${topic} to ${target.url} not delivered: ${reason}`),
      })
    : undefined;
  const sandbox = createSandbox({ ...config, emit: webhookEmitter(sender) });
  const { store, credentials, presentations, peers } = sandbox;

  // Now and then a peer offers us a credential or proposes one of ours, as real peers do.
  const activity =
    config.peerActivityMs > 0
      ? setInterval(() => {
          try {
            const roll = Math.random();
            if (roll < 0.35) credentials.peerOffer();
            else if (roll < 0.7) credentials.peerProposal();
            else presentations.peerRequest();
          } catch (error) {
            console.warn('[sandbox] peer activity failed:', error);
          }
        }, config.peerActivityMs)
      : undefined;

  const server = serve({ fetch: sandbox.app.fetch, port: config.port, hostname: config.host }, (info) => {
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
  process.on('SIGTERM', () => {
    clearInterval(activity);
    peers.stop();
    server.close(() => process.exit(0));
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
