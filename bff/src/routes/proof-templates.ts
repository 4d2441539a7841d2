import { consoleApi } from '@credence/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.js';
import { requireAccess } from '../middleware/require-role.js';
import { validated } from '../middleware/validated.js';
import type { ProofTemplates } from '../proof-templates/proof-templates.js';
import type { PerTenant } from '../tenancy/tenant.js';

const { proofTemplates, createProofTemplate, proofTemplate, proofTemplateVersions, proofTemplateVersion, updateProofTemplate, deleteProofTemplate } =
  consoleApi;

/**
 * /api/proof-templates: verifiers' saved proof requests. Lists are pages of summaries; a request is
 * read one template or one version at a time. Writes are audited by the generic trail; each adds the
 * template's id, name and version to its entry, so the log says which one.
 */
export function proofTemplateRoutes(templatesOf: PerTenant<ProofTemplates>) {
  return new Hono<AppEnv>()
    .get(proofTemplates.path, requireAccess(proofTemplates.access), validated('query', proofTemplates.query), async (c) =>
      c.json(await templatesOf.for(c.var.tenant).list(c.req.valid('query'))),
    )
    .post(createProofTemplate.path, requireAccess(createProofTemplate.access), validated('json', createProofTemplate.body), async (c) => {
      const made = await templatesOf.for(c.var.tenant).create(c.req.valid('json'), c.get('user')!.username);
      c.set('auditTarget', { template_id: made.id, template_name: made.name, version: String(made.version) });
      return c.json(made, 201);
    })
    .get(proofTemplate.path, requireAccess(proofTemplate.access), validated('param', proofTemplate.params), async (c) =>
      c.json(await templatesOf.for(c.var.tenant).get(c.req.valid('param').id)),
    )
    .get(
      proofTemplateVersions.path,
      requireAccess(proofTemplateVersions.access),
      validated('param', proofTemplateVersions.params),
      validated('query', proofTemplateVersions.query),
      async (c) => c.json(await templatesOf.for(c.var.tenant).versions(c.req.valid('param').id, c.req.valid('query'))),
    )
    .get(proofTemplateVersion.path, requireAccess(proofTemplateVersion.access), validated('param', proofTemplateVersion.params), async (c) => {
      const { id, version } = c.req.valid('param');
      return c.json(await templatesOf.for(c.var.tenant).version(id, Number(version)));
    })
    .put(
      updateProofTemplate.path,
      requireAccess(updateProofTemplate.access),
      validated('param', updateProofTemplate.params),
      validated('json', updateProofTemplate.body),
      async (c) => {
        const body = c.req.valid('json');
        c.set('auditTarget', { template_name: body.name, from_version: String(body.version) });
        const saved = await templatesOf.for(c.var.tenant).update(c.req.valid('param').id, body, c.get('user')!.username);
        c.set('auditTarget', { template_name: saved.name, version: String(saved.version) });
        return c.json(saved);
      },
    )
    .delete(deleteProofTemplate.path, requireAccess(deleteProofTemplate.access), validated('param', deleteProofTemplate.params), async (c) => {
      const gone = await templatesOf.for(c.var.tenant).remove(c.req.valid('param').id, c.get('user')!.username);
      c.set('auditTarget', { template_name: gone.name, version: String(gone.version) });
      return c.body(null, 204);
    });
}
