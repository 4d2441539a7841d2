import { serve, type ServerType } from '@hono/node-server';
import { parseSandboxConfig, type SandboxConfig } from './config.js';
import { serveMultitenant } from './multitenant/serve.js';
import { webhookEmitter } from './events.js';
import { createSandbox } from './sandbox.js';
import { WebhookSender } from './webhooks.js';

/** The sandbox agent as its own process: `pnpm --filter ./sandbox dev` (or `start`, once built). */
try {
  const config = parseSandboxConfig(process.env);
  if (config.multitenant) serveMultitenant(config);
  else serveSingleTenant(config);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

function serveSingleTenant(config: SandboxConfig): void {
  const sender = config.webhooks.length
    ? new WebhookSender({
        targets: config.webhooks,
        retryDelayMs: config.webhookRetryMs,
        onGiveUp: (topic, target, reason) => console.warn(`[sandbox] webhook ${topic} to ${target.url} not delivered: ${reason}`),
      })
    : undefined;
  let server: ServerType | undefined;
  const listen = () => {
    server = serve({ fetch: sandbox.app.fetch, port: config.port, hostname: config.host });
    server.once('error', (error: Error) => {
      console.error(`[sandbox] cannot listen on ${config.host}:${config.port}: ${error.message}`);
      process.exit(1);
    });
  };
  const sandbox = createSandbox({
    ...config,
    outage: (ms) => {
      if (!server) return;
      console.log(`[sandbox] simulating an outage: not answering for ${ms} ms`);
      if ('closeAllConnections' in server) server.closeAllConnections();
      server.close(() => setTimeout(listen, ms));
    },
    emit: webhookEmitter(sender),
    webhookUrls: config.webhooks.map((t) => t.url),
    upgrade: {
      durationMs: config.upgradeMs,
      outcome: config.upgradeOutcome,
      // Like a standalone ACA-Py, the agent stops after a successful upgrade; here it comes back by itself.
      onFinished: (succeeded) => {
        if (!succeeded || !server) return;
        const c = sandbox.upgrade.converted;
        const what = c ? ` (${c.schemas} schemas, ${c.credDefs} credential definitions, ${c.registries} registries converted)` : '';
        console.log(`[sandbox] wallet upgraded to askar-anoncreds${what}; restarting (${config.restartMs} ms)`);
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => setTimeout(listen, config.restartMs));
      },
    },
  });
  const { store, credentials, presentations, peers } = sandbox;

  // Now and then a peer offers us a credential, proposes one of ours, or asks us for a proof.
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

  listen();
  console.log(
    `[sandbox] agent admin API on http://${config.host}:${config.port} (${config.wallet.type} wallet "${config.wallet.name}", ` +
      `${store.credentials.size} credential and ${store.presentations.size} presentation records, seed ${config.seed})`,
  );
  if (config.apiKeyGenerated) console.log(`[sandbox] X-API-Key: ${config.apiKey}`);
  // Started by `pnpm start`: when the console process is gone (the IPC channel closes), go too.
  process.on('disconnect', () => process.exit(0));
  process.on('SIGTERM', () => {
    clearInterval(activity);
    peers.stop();
    if (!server) process.exit(0);
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 1_000).unref();
  });
}
