import { consoleApi } from '@credence/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.js';
import type { AttributeLabelStore } from '../attribute-labels/attribute-label-store.js';
import { requireAccess } from '../middleware/require-role.js';
import { validated } from '../middleware/validated.js';
import type { PerTenant } from '../tenancy/tenant.js';

const { attributeLabels, setAttributeLabels } = consoleApi;

/**
 * /api/attribute-labels: how each credential definition's attributes are labelled and entered. Any
 * signed-in role reads them (every page that shows a value uses them); an admin sets them, audited
 * with the definition and what changed.
 */
export function attributeLabelRoutes(labels: PerTenant<AttributeLabelStore>) {
  return new Hono<AppEnv>()
    .get(attributeLabels.path, requireAccess(attributeLabels.access), async (c) => c.json({ results: await labels.for(c.var.tenant).list() }))
    .put(setAttributeLabels.path, requireAccess(setAttributeLabels.access), validated('json', setAttributeLabels.body), async (c) => {
      const body = c.req.valid('json');
      const saved = await labels.for(c.var.tenant).set(body, c.get('user')!.username);
      const named = saved.attributes.filter((a) => a.label !== '');
      c.set('auditTarget', {
        cred_def_id: saved.cred_def_id,
        source: saved.source,
        labels: named.map((a) => `${a.name} → ${a.label} (${a.kind})`).join('; ') || 'none (labels derived from the names)',
      });
      return c.json(saved);
    });
}
