import { serve, type ServerType } from '@hono/node-server';
import type { SandboxConfig } from '../config.js';
import { WebhookSender } from '../webhooks.js';
import { createMultitenantSandbox, sendDispatched } from './multitenant-sandbox.js';
import { walletName } from './wallet-records.js';

/** The sandbox as a multitenant agent, its own process (SANDBOX_MULTITENANT=true). */
export function serveMultitenant(config: SandboxConfig): void {
  const sender = new WebhookSender({
    targets: config.webhooks,
    retryDelayMs: config.webhookRetryMs,
    onGiveUp: (topic, target, reason) => console.warn(`[sandbox] webhook ${topic} to ${target.url} not delivered: ${reason}`),
  });
  let server: ServerType | undefined;
  const listen = () => {
    server = serve({ fetch: agent.app.fetch, port: config.port, hostname: config.host });
    server.once('error', (error: Error) => {
      console.error(`[sandbox] cannot listen on ${config.host}:${config.port}: ${error.message}`);
      process.exit(1);
    });
  };
  const agent = createMultitenantSandbox({
    ...config,
    webhookUrls: config.rawWebhookUrls,
    dispatch: sendDispatched(sender),
    upgrade: { durationMs: config.upgradeMs, outcome: config.upgradeOutcome },
    outage: (ms) => {
      if (!server) return;
      console.log(`[sandbox] simulating an outage: not answering for ${ms} ms`);
      if ('closeAllConnections' in server) server.closeAllConnections();
      server.close(() => setTimeout(listen, ms));
    },
  });

  // Now and then a peer of some tenant offers a credential, proposes one, or asks for a proof.
  const activity =
    config.peerActivityMs > 0
      ? setInterval(() => {
          const tenants = agent.tenants.all;
          const tenant = tenants[Math.floor(Math.random() * tenants.length)];
          if (!tenant) return;
          try {
            const roll = Math.random();
            if (roll < 0.35) tenant.sandbox.credentials.peerOffer();
            else if (roll < 0.7) tenant.sandbox.credentials.peerProposal();
            else tenant.sandbox.presentations.peerRequest();
          } catch (error) {
            console.warn('[sandbox] peer activity failed:', error);
          }
        }, config.peerActivityMs)
      : undefined;

  listen();
  const list = agent.tenants.all.map((t) => `"${walletName(t.record)}" ${String(t.record.settings['wallet.type'])} (${t.record.wallet_id})`).join(', ');
  console.log(`[sandbox] multitenant agent admin API on http://${config.host}:${config.port}; tenants: ${list}`);
  if (config.apiKeyGenerated) console.log(`[sandbox] X-API-Key: ${config.apiKey}`);
  if (config.jwtSecretGenerated) console.log('[sandbox] JWT secret generated for this run (set SANDBOX_JWT_SECRET to keep tokens across restarts)');
  process.on('disconnect', () => process.exit(0));
  process.on('SIGTERM', () => {
    clearInterval(activity);
    for (const t of agent.tenants.all) t.sandbox.peers.stop();
    if (!server) process.exit(0);
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 1_000).unref();
  });
}
