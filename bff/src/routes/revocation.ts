import { zValidator } from '@hono/zod-validator';
import { areaRoles, publishBodySchema, revokeBodySchema } from '@credence/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.js';
import { requireRole } from '../middleware/require-role.js';
import { badRequest } from '../problem.js';
import type { RevocationService } from '../revocation/revocation-service.js';

/** POST /api/revocation/revoke, GET /api/revocation/pending, POST /api/revocation/publish (admin). */
export function revocationRoutes(service: RevocationService) {
  return new Hono<AppEnv>()
    .use('*', requireRole(areaRoles.revocation))
    .post(
      '/revoke',
      zValidator('json', revokeBodySchema, (result) => {
        if (!result.success) throw badRequest(result.error, 'body');
      }),
      async (c) => {
        const { path, answer } = await service.revoke(c.req.valid('json'));
        return c.json({ revoked: true, via: path, agent: answer });
      },
    )
    .get('/pending', async (c) => c.json({ registries: await service.pending() }))
    .post(
      '/publish',
      zValidator('json', publishBodySchema, (result) => {
        if (!result.success) throw badRequest(result.error, 'body');
      }),
      async (c) => c.json({ published: await service.publish(c.req.valid('json').rev_reg_ids) }),
    );
}
