import { consoleApi, INVITATION_FETCHED_TOPIC, roleMayUse, type InvitationLink } from '@credence/shared';
import { Hono, type Context } from 'hono';
import type { AcapyClient } from '../acapy/client.js';
import type { AppEnv } from '../app-env.js';
import type { Mode } from '../config.js';
import type { EventBus } from '../events/bus.js';
import { InvitationLinks } from '../invitations/invitation-links.js';
import { helpPage, HELP_CSS, notFoundPage, usedPage } from '../invitations/help-page.js';
import { pageLanguageOf } from '../i18n/page-words.js';
import { scanTarget } from '../invitations/scan-target.js';
import { requireAccess } from '../middleware/require-role.js';
import { validated } from '../middleware/validated.js';
import { ProblemError } from '../problem.js';
import type { Store } from '../store/store.js';
import { perTenant, type PerTenant } from '../tenancy/tenant.js';

interface LinkDeps {
  /** Each tenant's agent client. */
  clients: PerTenant<AcapyClient>;
  store: Store;
  bus: EventBus;
  mode: Mode;
  /** PUBLIC_URL: the console's address as phones reach it; else each request's own origin. */
  publicUrl?: string | undefined;
  /** Each tenant's links (their lifetime: INVITATION_LINK_MINUTES); with the defaults when not given. */
  links?: PerTenant<InvitationLinks>;
}

const { invitationLink, sandboxWalletScan } = consoleApi;

/**
 * POST /api/invitation-links: a connectionless invitation (the agent's create-invitation with the
 * exchange attached, no handshake: ACA-Py then uses an inline service with a new key, no public DID
 * needed) kept under an unguessable code; POST /api/sandbox/wallet-scan: the sandbox's simulated
 * wallet scans (sandbox mode only).
 */
const defaultLinks = (store: Store) => perTenant((tenant) => new InvitationLinks(store, tenant));

export function invitationLinkRoutes({ clients, store, mode, publicUrl, links = defaultLinks(store) }: Omit<LinkDeps, 'bus'>) {
  return new Hono<AppEnv>()
    .post(invitationLink.path, requireAccess(invitationLink.access), validated('json', invitationLink.body), async (c) => {
      const { attachment, goal } = c.req.valid('json');
      const user = c.get('user')!;
      const area = attachment.type === 'present-proof' ? 'presentations' : 'credentials';
      if (!roleMayUse(user.role, area))
        throw new ProblemError(403, `The ${user.role} role may not make invitations for ${area}.`, {
          code: 'invitation.roleForbidden',
          params: { role: user.role },
        });
      const answer = await clients.for(c.var.tenant).request('POST', '/out-of-band/create-invitation', {
        body: { attachments: [attachment], ...(goal && { goal, goal_code: attachment.type === 'present-proof' ? 'aries.vc.verify' : 'aries.vc.issue' }) },
      });
      const record = answer.body as { invitation?: unknown; invitation_url?: unknown; oob_id?: unknown };
      if (
        typeof record.invitation !== 'object' ||
        record.invitation === null ||
        Array.isArray(record.invitation) ||
        typeof record.invitation_url !== 'string'
      ) {
        throw new ProblemError(502, 'The agent answered without an invitation.', { title: 'Agent error', code: 'agent.noInvitation' });
      }
      const { code, expiresAt } = await links
        .for(c.var.tenant)
        .create({ invitation: record.invitation as Record<string, unknown>, attachment, createdBy: user.username });
      const origin = publicUrl?.replace(/\/+$/, '') ?? new URL(c.req.url).origin;
      const link: InvitationLink = {
        code,
        short_url: `${origin}/i/${code}`,
        invitation_url: record.invitation_url,
        oob_id: typeof record.oob_id === 'string' ? record.oob_id : null,
        expires_at: expiresAt.toISOString(),
      };
      return c.json(link);
    })
    .post(sandboxWalletScan.path, requireAccess(sandboxWalletScan.access), validated('json', sandboxWalletScan.body), async (c) => {
      if (mode !== 'sandbox')
        throw new ProblemError(404, 'There is no simulated wallet: the console runs against a real agent.', { code: 'invitation.noSimulatedWallet' });
      const body = c.req.valid('json');
      const target = scanTarget(body.invitation_url, c, publicUrl);
      if (!target) {
        const message = 'must be a short URL this console made (…/i/<code>) or the agent’s invitation URL (with oob=)';
        throw new ProblemError(400, `The simulated wallet scans only this console’s own invitations: the invitation URL ${message}.`, {
          title: 'Invalid request',
          code: 'invitation.notOwn',
          errors: [{ path: 'body.invitation_url', message, code: 'field.invitationNotOwn' }],
        });
      }
      const answer = await clients.for(c.var.tenant).request('POST', '/sandbox/wallet/scan', { body: { ...body, invitation_url: target } });
      return c.json(answer.body as object);
    });
}

const wantsJson = (c: Context): boolean => /\bapplication\/(?:[\w.+-]*\+)?json\b/i.test(c.req.header('accept') ?? '');

/**
 * GET /i/:code, public: the invitation JSON to a wallet (`Accept: application/json`, as RFC 0434 allows
 * for a short URL), a help page to a browser, while the link serves (see InvitationLinks); once used or
 * expired, 410 with only that said; 404 (JSON or HTML) for an unknown code. A wallet's first fetch is
 * noted and published as an event, so the counter page shows "scanned" at once; a HEAD (a link preview,
 * a scanner checking the URL) is answered the same without a body, and is not a fetch.
 */
export function shortInvitationRoute({ store, bus, links = defaultLinks(store) }: Pick<LinkDeps, 'store' | 'bus' | 'links'>) {
  return new Hono<AppEnv>()
    .get('/i/help.css', (c) => c.body(HELP_CSS, 200, { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'public, max-age=86400' }))
    .get('/i/:code', async (c) => {
      const code = c.req.param('code');
      const json = wantsJson(c);
      c.header('cache-control', 'no-store');
      c.header('vary', 'Accept, Accept-Language');
      const tenant = await InvitationLinks.tenantOfCode(store, code);
      const tenantLinks = tenant && links.for(tenant);
      const found = await tenantLinks?.find(code);
      if (!found) {
        if (json) throw new ProblemError(404, 'This invitation does not exist or has expired. Ask for a new QR code.', { code: 'invitation.notFound' });
        return c.html(notFoundPage(pageLanguageOf(c.req.header('accept-language'))), 404);
      }
      if (!found.live) {
        if (json) {
          throw new ProblemError(410, 'This QR code has been used (or it expired): it no longer holds an invitation. Ask at the counter for a new QR code.', {
            title: 'QR code used',
            code: 'invitation.gone',
            headers: { 'cache-control': 'no-store', vary: 'Accept' },
          });
        }
        return c.html(usedPage(pageLanguageOf(c.req.header('accept-language'))), 410);
      }
      const { link } = found;
      if (!json)
        return c.html(helpPage({ code, invitation: link.invitation, kind: link.attachmentType, lang: pageLanguageOf(c.req.header('accept-language')) }));
      // Hono answers a HEAD with the GET route, body dropped: it must not count as the wallet's fetch.
      if (c.req.method !== 'HEAD' && tenant && (await tenantLinks!.markFetched(code))) {
        const kind = link.attachmentType === 'present-proof' ? 'presentation' : 'credential';
        await bus
          .publish({
            tenant,
            event: {
              topic: INVITATION_FETCHED_TOPIC,
              kind,
              version: null,
              subject_id: link.exchangeId,
              state: 'fetched',
              state_v2: 'fetched',
              received_at: new Date().toISOString(),
              payload: { exchange_id: link.exchangeId, attachment_type: link.attachmentType },
            },
            dedupeKey: `${INVITATION_FETCHED_TOPIC}|${link.exchangeId}`,
            orderKey: null,
            updatedAt: null,
            bytes: 200,
          })
          // The wallet gets its invitation even when the bus is down; the counter then learns from the exchange itself.
          .catch((error: unknown) => console.warn(`[invitations] fetched event not published: ${(error as Error).message}`));
      }
      return c.json(link.invitation);
    });
}
