import { randomBytes } from 'node:crypto';
import { consoleApi, INVITATION_FETCHED_TOPIC, roleMayUse, type InvitationLink } from '@credence/shared';
import { Hono } from 'hono';
import type { AcapyClient } from '../acapy/client.js';
import type { AppEnv } from '../app-env.js';
import type { Mode } from '../config.js';
import type { EventBus } from '../events/bus.js';
import { requireAccess } from '../middleware/require-role.js';
import { validated } from '../middleware/validated.js';
import { ProblemError } from '../problem.js';
import type { Store } from '../store/store.js';

/** How long a counter's short URL answers: a visit, not a standing invitation. */
const LINK_TTL_MS = 24 * 60 * 60 * 1000;
const CODE = /^[A-Za-z0-9_-]{20,64}$/;

interface LinkDeps {
  client: AcapyClient;
  store: Store;
  bus: EventBus;
  mode: Mode;
  /** PUBLIC_URL: the console's address as phones reach it; else each request's own origin. */
  publicUrl?: string | undefined;
}

const { invitationLink, sandboxWalletScan } = consoleApi;

/**
 * POST /api/invitation-links: a connectionless invitation (the agent's create-invitation with the
 * exchange attached, no handshake) kept under an unguessable code; POST /api/sandbox/wallet-scan: the
 * sandbox's simulated wallet scans (sandbox mode only).
 */
export function invitationLinkRoutes({ client, store, mode, publicUrl }: Omit<LinkDeps, 'bus'>) {
  return new Hono<AppEnv>()
    .post(invitationLink.path, requireAccess(invitationLink.access), validated('json', invitationLink.body), async (c) => {
      const { attachment, goal } = c.req.valid('json');
      const user = c.get('user')!;
      if (!roleMayUse(user.role, attachment.type === 'present-proof' ? 'presentations' : 'credentials')) {
        throw new ProblemError(403, `The ${user.role} role may not do this.`);
      }
      const answer = await client.request('POST', '/out-of-band/create-invitation', { body: { attachments: [attachment], ...(goal && { goal }) } });
      const record = answer.body as { invitation?: Record<string, unknown>; invitation_url?: string; oob_id?: string };
      if (!record.invitation || !record.invitation_url) throw new ProblemError(502, 'The agent answered without an invitation', { title: 'Agent error' });
      const code = randomBytes(24).toString('base64url');
      const now = new Date();
      const expires = new Date(now.getTime() + LINK_TTL_MS);
      await store.run(async (db) => {
        // Expired links are dropped as new ones are made: the table holds a day of counter visits.
        await db.deleteFrom('invitation_links').where('expires_at', '<', now).execute();
        await db
          .insertInto('invitation_links')
          .values({
            code,
            invitation: JSON.stringify(record.invitation),
            attachment_type: attachment.type,
            exchange_id: attachment.id,
            created_by: user.username,
            created_at: now,
            expires_at: expires,
          })
          .execute();
      });
      const origin = publicUrl?.replace(/\/+$/, '') ?? new URL(c.req.url).origin;
      const link: InvitationLink = {
        code,
        short_url: `${origin}/i/${code}`,
        invitation_url: record.invitation_url,
        oob_id: record.oob_id ?? null,
        expires_at: expires.toISOString(),
      };
      return c.json(link);
    })
    .post(sandboxWalletScan.path, requireAccess(sandboxWalletScan.access), validated('json', sandboxWalletScan.body), async (c) => {
      if (mode !== 'sandbox') throw new ProblemError(404, 'There is no simulated wallet: the console runs against a real agent.');
      const answer = await client.request('POST', '/sandbox/wallet/scan', { body: c.req.valid('json') });
      return c.json(answer.body as object);
    });
}

/**
 * GET /i/:code, public: the invitation JSON to a wallet (`Accept: application/json`, RFC 0434's short
 * URL), a help page to a browser. The first wallet fetch is published as an event, so the counter
 * page shows "scanned" at once.
 */
export function shortInvitationRoute({ store, bus }: Pick<LinkDeps, 'store' | 'bus'>) {
  return new Hono<AppEnv>().get('/i/:code', async (c) => {
    const code = c.req.param('code');
    const wantsJson = (c.req.header('accept') ?? '').includes('application/json');
    const row = CODE.test(code)
      ? await store.run((db) =>
          db
            .selectFrom('invitation_links')
            .select(['invitation', 'attachment_type', 'exchange_id', 'fetched_at'])
            .where('code', '=', code)
            .where('expires_at', '>', new Date())
            .executeTakeFirst(),
        )
      : undefined;
    if (!row) {
      if (wantsJson) throw new ProblemError(404, 'This invitation does not exist or has expired.');
      return c.html(helpPage('This invitation has expired', '<p>Ask at the counter for a new QR code.</p>'), 404);
    }
    if (!wantsJson) {
      const url = `${new URL(c.req.url).origin}${c.req.path}`;
      return c.html(
        helpPage(
          'Open this with your wallet app',
          `<p>This QR code is an invitation for a digital wallet app, not a web page.</p>
<ol><li>Open your wallet app on your phone.</li><li>Choose <strong>Scan</strong> and point the camera at the QR code shown at the counter.</li><li>Check what is asked, and accept in the app.</li></ol>
<p>If your wallet is on this device, <a href="didcomm://invite?url=${encodeURIComponent(url)}">open the invitation in your wallet</a>.</p>`,
        ),
      );
    }
    const first = await store.run((db) =>
      db
        .updateTable('invitation_links')
        .set({ fetched_at: new Date() })
        .where('code', '=', code)
        .where('fetched_at', 'is', null)
        .returning('exchange_id')
        .executeTakeFirst(),
    );
    if (first) {
      const kind = row.attachment_type === 'present-proof' ? 'presentation' : 'credential';
      await bus
        .publish({
          event: {
            topic: INVITATION_FETCHED_TOPIC,
            kind,
            version: null,
            subject_id: row.exchange_id,
            state: 'fetched',
            state_v2: 'fetched',
            received_at: new Date().toISOString(),
            payload: { exchange_id: row.exchange_id, attachment_type: row.attachment_type },
          },
          dedupeKey: `${INVITATION_FETCHED_TOPIC}|${code}`,
          orderKey: null,
          updatedAt: null,
          bytes: 200,
        })
        .catch(() => undefined);
    }
    return c.json(row.invitation);
  });
}

function helpPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · Credence</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
}
