import { consoleApi } from '@credence/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.js';
import { requireAccess } from '../middleware/require-role.js';
import { validated } from '../middleware/validated.js';
import type { RevocationService } from '../revocation/revocation-service.js';
import type { RegisterIngest } from '../register/register-ingest.js';

const { revoke, pendingRevocations, publishRevocations } = consoleApi;

/** POST /api/revocation/revoke, GET /api/revocation/pending, POST /api/revocation/publish (admin). */
export function revocationRoutes(service: RevocationService, register?: Pick<RegisterIngest, 'revoked' | 'published'>) {
  return new Hono<AppEnv>()
    .post(revoke.path, requireAccess(revoke.access), validated('json', revoke.body), async (c) => {
      const body = c.req.valid('json');
      const { path, answer } = await service.revoke(body);
      register?.revoked(body, c.get('user')?.username ?? 'unknown');
      return c.json({ revoked: true as const, via: path, agent: answer });
    })
    .get(pendingRevocations.path, requireAccess(pendingRevocations.access), async (c) => c.json({ registries: await service.pending() }))
    .post(publishRevocations.path, requireAccess(publishRevocations.access), validated('json', publishRevocations.body), async (c) => {
      const published = await service.publish(c.req.valid('json').rev_reg_ids);
      register?.published(published);
      return c.json({ published });
    });
}
