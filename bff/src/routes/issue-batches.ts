import { BATCH_MAX_ROWS, consoleApi, type IssueBatchFileBody, type IssueBatchPreview } from '@credence/shared';
import { Hono } from 'hono';
import type { AcapyClient } from '../acapy/client.js';
import type { AppEnv } from '../app-env.js';
import { batchConnections, batchDefinition, type BatchDefinition } from '../issue-batches/batch-definition.js';
import type { BatchSender } from '../issue-batches/batch-sender.js';
import type { IssueBatches } from '../issue-batches/batch-store.js';
import type { PerTenant } from '../tenancy/tenant.js';
import { jsonInSlices } from '../issue-batches/json-in-slices.js';
import { checkFile, ConnectionResolver, fileDigest, sheetValue, templateCsv, valueProblem } from '../issue-batches/csv-check.js';
import { requireAccess } from '../middleware/require-role.js';
import { validated } from '../middleware/validated.js';
import { ProblemError } from '../problem.js';

const { issueBatches, issueBatchTemplate, previewIssueBatch, startIssueBatch, issueBatch, editIssueBatchRow, retryIssueBatch } = consoleApi;

export interface IssueBatchDeps {
  batches: PerTenant<IssueBatches>;
  sender: BatchSender;
  /** Each tenant's agent client. */
  clients: PerTenant<AcapyClient>;
  /** The largest file, in UTF-8 bytes. */
  uploadBytes: number;
}

const fileName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'credential';

/** Every row of the file checked against the definition and the agent's connections now. */
async function previewOf(
  deps: IssueBatchDeps,
  client: AcapyClient,
  batches: IssueBatches,
  body: IssueBatchFileBody,
): Promise<{ preview: IssueBatchPreview; definition: BatchDefinition; digest: string }> {
  const bytes = Buffer.byteLength(body.csv, 'utf8');
  if (bytes > deps.uploadBytes)
    throw new ProblemError(
      413,
      `The file is ${bytes.toLocaleString('en-GB')} bytes; at most ${deps.uploadBytes.toLocaleString('en-GB')} bytes can be sent at once. Split it into several files.`,
      {
        title: 'File too large',
        code: 'batch.fileTooLarge',
        params: { bytes, limit: deps.uploadBytes },
        errors: [{ path: 'body.csv', message: `at most ${deps.uploadBytes} bytes`, code: 'field.tooLarge', params: { limit: deps.uploadBytes } }],
      },
    );
  const [definition, connections] = await Promise.all([batchDefinition(client, body.cred_def_id), batchConnections(client)]);
  const checked = await checkFile(body.csv, definition.attributes, connections, BATCH_MAX_ROWS);
  const digest = fileDigest(definition.cred_def_id, body.csv);
  return {
    definition,
    digest,
    preview: {
      cred_def_id: definition.cred_def_id,
      schema_id: definition.schema_id,
      credential_name: definition.credential_name,
      attributes: definition.attributes,
      file_problems: checked.file_problems,
      rows: checked.rows,
      row_count: checked.rows.length,
      rows_with_problems: checked.rows.filter((r) => r.problems.length > 0).length,
      max_rows: BATCH_MAX_ROWS,
      max_bytes: deps.uploadBytes,
      earlier_batch: await batches.earlierOf(digest),
    },
  };
}

/**
 * /api/issue-batches: issuing one credential definition to many connections from a CSV file. The file
 * is checked on the server (the connections are the agent's), stored whole once every row is valid (or,
 * when the clerk chose it, with its bad rows kept for fixing, not sent), and sent by the BatchSender in
 * the background. The batch is one audit entry; each row is another.
 */
export function issueBatchRoutes(deps: IssueBatchDeps) {
  const { batches: batchesOf, sender } = deps;
  return new Hono<AppEnv>()
    .get(issueBatches.path, requireAccess(issueBatches.access), async (c) => c.json({ results: await batchesOf.for(c.var.tenant).list() }))
    .get(issueBatchTemplate.path, requireAccess(issueBatchTemplate.access), validated('query', issueBatchTemplate.query), async (c) => {
      const definition = await batchDefinition(deps.clients.for(c.var.tenant), c.req.valid('query').cred_def_id);
      c.header('content-type', 'text/csv; charset=utf-8');
      c.header('content-disposition', `attachment; filename="${fileName(definition.credential_name)}-batch.csv"`);
      return c.body(templateCsv(definition.attributes));
    })
    .post(previewIssueBatch.path, requireAccess(previewIssueBatch.access), validated('json', previewIssueBatch.body), async (c) => {
      const { preview } = await previewOf(deps, deps.clients.for(c.var.tenant), batchesOf.for(c.var.tenant), c.req.valid('json'));
      c.set('auditTarget', { cred_def_id: preview.cred_def_id, schema_id: preview.schema_id, rows: String(preview.row_count) });
      const { rows, ...head } = preview;
      return jsonInSlices(head, 'rows', rows);
    })
    .post(startIssueBatch.path, requireAccess(startIssueBatch.access), validated('json', startIssueBatch.body), async (c) => {
      const body = c.req.valid('json');
      const { preview, definition, digest } = await previewOf(deps, deps.clients.for(c.var.tenant), batchesOf.for(c.var.tenant), body);
      c.set('auditTarget', { cred_def_id: preview.cred_def_id, schema_id: preview.schema_id, rows: String(preview.row_count) });
      // Rows with problems are kept for fixing only when the clerk said so, and only beside rows to send.
      const keep = body.keep_rows_with_problems === true && preview.rows_with_problems < preview.row_count;
      const problems = preview.file_problems.length + (keep ? 0 : preview.rows_with_problems);
      if (problems > 0 || preview.row_count === 0)
        throw new ProblemError(
          422,
          preview.file_problems[0] ??
            (preview.rows_with_problems === preview.row_count
              ? `All ${preview.row_count.toLocaleString('en-GB')} rows have problems: fix the file and check it again.`
              : `${preview.rows_with_problems.toLocaleString('en-GB')} of ${preview.row_count.toLocaleString('en-GB')} rows have problems (connections may have changed since the preview). Check the file again.`),
          {
            title: 'The file has problems',
            ...(preview.file_problems[0] !== undefined
              ? { code: 'batch.fileProblem', params: { problem: preview.file_problems[0] } }
              : preview.rows_with_problems === preview.row_count
                ? { code: 'batch.allRowsHaveProblems', params: { rows: preview.row_count } }
                : { code: 'batch.someRowsHaveProblems', params: { problems: preview.rows_with_problems, rows: preview.row_count } }),
          },
        );
      const user = c.get('user')!;
      const made = await batchesOf.for(c.var.tenant).create({
        created_by: user.username,
        created_role: user.role,
        cred_def_id: definition.cred_def_id,
        schema_id: definition.schema_id,
        filter_kind: definition.filter_kind,
        file_name: body.file_name || null,
        file_digest: digest,
        repeat_of: body.repeat_of,
        rows: preview.rows.map((r) => ({
          index: r.index,
          connection_id: r.connection_id,
          connection_label: r.connection_label,
          connection_cell: r.connection,
          attributes: r.attributes,
          problems: r.problems,
        })),
      });
      c.set('auditTarget', { batch_id: made.id, schema_id: made.schema_id, rows: String(made.row_count) });
      sender.kick();
      return c.json(made, 201);
    })
    .get(issueBatch.path, requireAccess(issueBatch.access), validated('param', issueBatch.params), validated('query', issueBatch.query), async (c) =>
      c.json(await batchesOf.for(c.var.tenant).detail(c.req.valid('param').id, c.req.valid('query'))),
    )
    .put(
      editIssueBatchRow.path,
      requireAccess(editIssueBatchRow.access),
      validated('param', editIssueBatchRow.params),
      validated('json', editIssueBatchRow.body),
      async (c) => {
        const { id, index } = c.req.valid('param');
        const body = c.req.valid('json');
        const batch = await batchesOf.for(c.var.tenant).get(id);
        c.set('auditTarget', { batch_id: id, row: index, schema_id: batch.schema_id });
        const definition = await batchDefinition(deps.clients.for(c.var.tenant), batch.cred_def_id);
        const resolved = new ConnectionResolver(await batchConnections(deps.clients.for(c.var.tenant))).resolve(body.connection);
        const errors = resolved.problem ? [{ path: 'body.connection', message: resolved.problem }] : [];
        const byName = new Map(body.attributes.map((a) => [a.name, sheetValue(a.name, a.value.trim())]));
        definition.attributes.forEach((name, i) => {
          const problem = valueProblem(name, byName.get(name) ?? '');
          if (problem) errors.push({ path: `body.attributes.${i}.value`, message: problem });
        });
        for (const name of byName.keys())
          if (!definition.attributes.includes(name)) errors.push({ path: 'body.attributes', message: `“${name}” is not an attribute of this credential.` });
        if (errors.length > 0)
          throw new ProblemError(422, errors.map((e) => e.message).join(' '), { title: 'The row has problems', code: 'batch.rowHasProblems', errors });
        const row = await batchesOf.for(c.var.tenant).editFailed(id, Number(index), {
          connection_id: resolved.connection!.id,
          connection_label: resolved.connection!.label,
          attributes: definition.attributes.map((name) => ({ name, value: byName.get(name)! })),
        });
        // A row kept for fixing is sent once fixed.
        if (row.state === 'pending') sender.kick();
        return c.json(row);
      },
    )
    .post(
      retryIssueBatch.path,
      requireAccess(retryIssueBatch.access),
      validated('param', retryIssueBatch.params),
      validated('json', retryIssueBatch.body),
      async (c) => {
        const { id } = c.req.valid('param');
        const retried = await batchesOf.for(c.var.tenant).retryFailed(id);
        const batch = await batchesOf.for(c.var.tenant).get(id);
        c.set('auditTarget', { batch_id: id, schema_id: batch.schema_id, rows: String(retried) });
        sender.kick();
        return c.json(batch);
      },
    );
}
