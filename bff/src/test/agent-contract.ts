import { Ajv, type ValidateFunction } from 'ajv';
import type { Document, OpenAPIBackend } from 'openapi-backend';
import { agentApiValidator, agentOpenApi } from './agent-openapi.js';

export interface Violation {
  kind: 'request' | 'response' | 'webhook';
  /** `POST /issue-credential-2.0/send-offer → 200`, or the webhook topic. */
  at: string;
  errors: string[];
}

const ref = (name: string) => ({ $ref: `agent#/components/schemas/${name}` });

/**
 * What the real agent posts on each topic (acapy_agent @ 1.6.1rc0): the record's serialisation with
 * None values left out, trimmed for the two exchange topics (messages/cred_ex_record_webhook.py,
 * messages/pres_webhook.py: the keys below, `if kwargs.get(key) is not None`).
 */
const webhookShapes: Record<string, { schema: string; keys?: string[]; required: string[] }> = {
  issue_credential_v2_0: {
    schema: 'V20CredExRecord',
    keys: [
      'connection_id',
      'cred_ex_id',
      'role',
      'initiator',
      'auto_offer',
      'auto_issue',
      'auto_remove',
      'error_msg',
      'thread_id',
      'parent_thread_id',
      'state',
      'trace',
      'created_at',
      'updated_at',
    ],
    required: ['cred_ex_id', 'role', 'initiator', 'state', 'thread_id', 'created_at', 'updated_at'],
  },
  present_proof_v2_0: {
    schema: 'V20PresExRecord',
    keys: [
      'connection_id',
      'pres_ex_id',
      'role',
      'initiator',
      'auto_present',
      'auto_verify',
      'error_msg',
      'thread_id',
      'state',
      'trace',
      'verified',
      'verified_msgs',
      'created_at',
      'updated_at',
    ],
    required: ['pres_ex_id', 'role', 'initiator', 'state', 'thread_id', 'created_at', 'updated_at'],
  },
  issue_credential_v2_0_indy: { schema: 'V20CredExRecordIndy', required: ['cred_ex_indy_id', 'cred_ex_id', 'created_at', 'updated_at'] },
  issue_credential_v2_0_anoncreds: { schema: 'V20CredExRecordAnonCreds', required: ['cred_ex_anoncreds_id', 'cred_ex_id', 'created_at', 'updated_at'] },
  issuer_cred_rev: { schema: 'IssuerCredRevRecord', required: ['record_id', 'state', 'rev_reg_id', 'cred_rev_id', 'created_at', 'updated_at'] },
  // revocation/models/issuer_rev_reg_record.py: RECORD_TOPIC, the whole record at each saved state.
  revocation_registry: { schema: 'IssuerRevRegRecord', required: ['record_id', 'state', 'cred_def_id', 'revoc_reg_id', 'created_at', 'updated_at'] },
  connections: { schema: 'ConnRecord', required: ['connection_id', 'state', 'created_at', 'updated_at'] },
  out_of_band: { schema: 'OobRecord', required: ['oob_id', 'state', 'invi_msg_id', 'invitation', 'created_at', 'updated_at'] },
};

/** Every detail record key of these schemas the agent may send; the schemas themselves allow more. */
const closedDetailSchemas = new Set(['V20CredExRecordIndy', 'V20CredExRecordAnonCreds']);

function describeErrors(errors: { instancePath?: string; message?: string; params?: unknown }[] | null | undefined): string[] {
  return (errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params ?? {})}`.trim());
}

/**
 * Checks what passes between Credence and the agent against ACA-Py 1.6.1's own OpenAPI document:
 * every request the BFF sends, every answer the agent gives, every webhook it posts.
 */
export class AgentContract {
  calls = 0;
  webhooks = 0;
  /** Topics of the webhooks checked, each once, in the order first seen. */
  readonly topicsSeen = new Set<string>();
  readonly violations: Violation[] = [];
  /** `METHOD path-template`, each operation the flows used. */
  readonly operations = new Set<string>();
  private readonly webhookValidators = new Map<string, ValidateFunction>();

  private constructor(
    private readonly api: OpenAPIBackend,
    document: Document,
  ) {
    const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false, validateSchema: false, formats: { url: true, 'date-time': true } });
    ajv.addSchema(document, 'agent');
    for (const [topic, shape] of Object.entries(webhookShapes)) {
      const properties = (document as any).components.schemas[shape.schema]?.properties ?? {};
      const keys = shape.keys ?? (closedDetailSchemas.has(shape.schema) ? Object.keys(properties) : undefined);
      this.webhookValidators.set(
        topic,
        ajv.compile({ allOf: [ref(shape.schema)], required: shape.required, ...(keys && { propertyNames: { enum: keys.filter((k) => k in properties) } }) }),
      );
    }
  }

  /** Undefined when the document is absent outside CI (the caller skips). */
  static async create(): Promise<AgentContract | undefined> {
    const document = agentOpenApi();
    return document && new AgentContract(await agentApiValidator(document), document);
  }

  /** Checks one call of the agent's admin API and the agent's answer to it. */
  async checkCall(request: Request, response: Response): Promise<void> {
    this.calls++;
    const url = new URL(request.url);
    const method = request.method.toLowerCase();
    const text = method === 'get' || method === 'delete' ? '' : await request.clone().text();
    const at = `${request.method} ${url.pathname}${url.search} → ${response.status}`;
    const operation = this.api.matchOperation({ method, path: url.pathname, headers: {} });
    if (!operation) {
      this.violations.push({ kind: 'request', at, errors: ['no such operation in ACA-Py 1.6.1'] });
      return;
    }
    this.operations.add(operation.operationId!);
    const requestErrors: string[] = [];
    let body: unknown;
    if (text !== '') {
      if (!operation.requestBody) requestErrors.push('sends a body to an operation that takes none');
      try {
        body = JSON.parse(text);
      } catch {
        requestErrors.push('the body is not JSON');
      }
    }
    const query = Object.fromEntries(url.searchParams);
    const checked = this.api.validateRequest(
      { method, path: url.pathname, query, headers: { 'content-type': 'application/json', 'x-api-key': 'k' }, ...(body !== undefined && { body }) },
      operation,
    );
    requestErrors.push(...describeErrors(checked.errors));
    if (requestErrors.length) this.violations.push({ kind: 'request', at, errors: requestErrors });

    const answer = await response.clone().text();
    const type = response.headers.get('content-type') ?? '';
    if (response.status >= 200 && response.status < 300) {
      if (!type.startsWith('application/json')) {
        this.violations.push({ kind: 'response', at, errors: [`content-type ${type}, not application/json`] });
        return;
      }
      const result = this.api.validateResponse(JSON.parse(answer), operation, response.status);
      if (result.errors?.length) this.violations.push({ kind: 'response', at, errors: describeErrors(result.errors) });
    } else if (!type.startsWith('text/plain') || !answer.startsWith(`${response.status}: `)) {
      this.violations.push({
        kind: 'response',
        at,
        errors: [`an error answer is the text "${response.status}: <reason>", got ${type} ${answer.slice(0, 120)}`],
      });
    }
  }

  /** Checks one webhook as the agent posts it to `/topic/{topic}/`. */
  checkWebhook(topic: string, payload: unknown): void {
    this.webhooks++;
    this.topicsSeen.add(topic);
    const validate = this.webhookValidators.get(topic);
    if (!validate) {
      this.violations.push({ kind: 'webhook', at: topic, errors: ['not a topic the agent sends this way'] });
      return;
    }
    const errors = validate(payload) ? [] : describeErrors(validate.errors);
    if (payload !== null && typeof payload === 'object') {
      for (const [key, value] of Object.entries(payload)) if (value === null) errors.push(`/${key} is null (the agent leaves out None values)`);
    }
    if (errors.length) this.violations.push({ kind: 'webhook', at: topic, errors });
  }

  count(kind: Violation['kind']): number {
    return this.violations.filter((v) => v.kind === kind).length;
  }

  get topics(): string[] {
    return [...this.topicsSeen];
  }

  summary(): string {
    return `${this.calls} agent calls over ${this.operations.size} operations, ${this.webhooks} webhooks: ${this.count('request')} request, ${this.count('response')} response and ${this.count('webhook')} webhook violations`;
  }
}
