import { connectionLabel, indyPatterns, isAnoncredsWallet, schemaLabel } from '@credence/shared';
import type { AcapyClient } from '../acapy/client.js';
import { ProblemError } from '../problem.js';
import type { ConnectionFact } from './csv-check.js';

export interface BatchDefinition {
  cred_def_id: string;
  schema_id: string;
  /** "Student ID 1.2" */
  credential_name: string;
  attributes: string[];
  filter_kind: 'indy' | 'anoncreds';
}

type Loose = Record<string, unknown>;
const objectIn = (v: unknown, key: string): Loose | undefined => {
  const inner = v && typeof v === 'object' ? (v as Loose)[key] : undefined;
  return inner && typeof inner === 'object' ? (inner as Loose) : undefined;
};
const texts = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const enc = encodeURIComponent;

async function agentRead(client: AcapyClient, path: string, what: string): Promise<unknown> {
  try {
    return (await client.get(path)).body;
  } catch (error) {
    if (error instanceof ProblemError && error.problem.status === 404)
      throw new ProblemError(422, `The agent has no ${what}.`, {
        title: 'Unknown credential definition',
        code: 'batch.unknownDefinition',
        params: { id: path.split('/').pop() ?? path },
      });
    throw error;
  }
}

/**
 * A credential definition of this agent with its schema's attributes: on the legacy routes for an askar
 * wallet (the definition names its schema by ledger sequence number), on `/anoncreds` for askar-anoncreds.
 */
export async function batchDefinition(client: AcapyClient, credDefId: string): Promise<BatchDefinition> {
  const settings = (await client.get('/settings')).body as Loose | null;
  const walletType = typeof settings?.['wallet.type'] === 'string' ? settings['wallet.type'] : null;
  const what = `credential definition ${credDefId}`;
  if (isAnoncredsWallet(walletType)) {
    const credDef = objectIn(await agentRead(client, `/anoncreds/credential-definition/${enc(credDefId)}`, what), 'credential_definition');
    const schemaId = typeof credDef?.schemaId === 'string' ? credDef.schemaId : '';
    if (!schemaId)
      throw new ProblemError(422, `The agent has no ${what}.`, {
        title: 'Unknown credential definition',
        code: 'batch.unknownDefinition',
        params: { id: credDefId },
      });
    const schema = objectIn(await agentRead(client, `/anoncreds/schema/${enc(schemaId)}`, `schema ${schemaId}`), 'schema');
    const name =
      typeof schema?.name === 'string'
        ? `${schema.name} ${typeof schema.version === 'string' ? schema.version : ''}`.trim()
        : (schemaLabel(schemaId) ?? schemaId);
    return { cred_def_id: credDefId, schema_id: schemaId, credential_name: name, attributes: texts(schema?.attrNames), filter_kind: 'anoncreds' };
  }
  if (!indyPatterns.cred_def_id.test(credDefId))
    throw new ProblemError(422, `“${credDefId}” is not a credential definition id of this agent.`, {
      code: 'batch.notDefinitionId',
      params: { id: credDefId },
    });
  const credDef = objectIn(await agentRead(client, `/credential-definitions/${enc(credDefId)}`, what), 'credential_definition');
  const schemaRef = typeof credDef?.schemaId === 'string' ? credDef.schemaId : (credDefId.split(':')[3] ?? '');
  const schema = objectIn(await agentRead(client, `/schemas/${enc(schemaRef)}`, `schema ${schemaRef}`), 'schema');
  const schemaId = typeof schema?.id === 'string' ? schema.id : schemaRef;
  return {
    cred_def_id: credDefId,
    schema_id: schemaId,
    credential_name: schemaLabel(schemaId) ?? schemaId,
    attributes: texts(schema?.attrNames),
    filter_kind: 'indy',
  };
}

/** The agent's connections, as the file's check needs them. */
export async function batchConnections(client: AcapyClient): Promise<ConnectionFact[]> {
  const body = (await client.get('/connections', { query: new URLSearchParams({ limit: '10000' }) })).body as Loose | null;
  const results = Array.isArray(body?.results) ? (body.results as Loose[]) : [];
  return results.flatMap((c) =>
    typeof c.connection_id === 'string'
      ? [
          {
            id: c.connection_id,
            label: connectionLabel({ connection_id: c.connection_id, alias: c.alias as string | undefined, their_label: c.their_label as string | undefined }),
            // The Connections page shows the name (alias, else their label) and their label beside it: either names it.
            names: [c.their_label, c.alias].filter((n): n is string => typeof n === 'string' && n !== ''),
            state: typeof c.state === 'string' ? c.state : 'unknown',
          },
        ]
      : [],
  );
}

/** The offer a row becomes: the definition in the filter of its format, the row's values, issued as soon as the holder asks. */
export function offerBody(
  row: { connection_id: string; attributes: { name: string; value: string }[] },
  def: { cred_def_id: string; schema_id: string; filter_kind: string },
) {
  const filter =
    def.filter_kind === 'anoncreds'
      ? { anoncreds: { cred_def_id: def.cred_def_id, schema_id: def.schema_id } }
      : { indy: { cred_def_id: def.cred_def_id, ...(indyPatterns.schema_id.test(def.schema_id) && { schema_id: def.schema_id }) } };
  return {
    connection_id: row.connection_id,
    filter,
    credential_preview: { '@type': 'issue-credential/2.0/credential-preview', attributes: row.attributes },
    auto_issue: true,
    auto_remove: false,
  };
}
