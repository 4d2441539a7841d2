import { connectionLabel } from '@credence/shared';
import type { AcapyClient } from '../acapy/client.js';
import type { Store } from '../store/store.js';
import type { TenantId } from '../tenancy/tenant.js';
import type { AuditLookups, ExchangeFacts, IssuedFacts } from './audit-describe.js';

const LABELS_KEPT = 1_000;
/** The agent's ids are version-4 UUIDs: anything else (what a refused request carried) is never sent to it. */
const AGENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/**
 * Names for one tenant's audit sentences: exchanges and issued credentials from the register, connection
 * labels from the agent (remembered) or, once the connection is gone, from the register's rows.
 */
export class RegisterAuditLookups implements AuditLookups {
  private readonly labels = new Map<string, string>();

  constructor(
    private readonly store: Store,
    private readonly tenant: TenantId,
    private readonly client: AcapyClient,
    /** Labels the register's intake saw (connection webhooks and lists): asked first, no call needed. */
    private readonly seen: (connectionId: string) => string | undefined = () => undefined,
  ) {}

  async exchange(kind: 'credential' | 'presentation', id: string): Promise<ExchangeFacts | undefined> {
    const row = await this.store
      .run((db) =>
        db
          .selectFrom('register_exchanges')
          .select(['connection_id', 'connection_label', 'schema_id', 'requested'])
          .where('tenant_id', '=', this.tenant)
          .where('kind', '=', kind)
          .where('exchange_id', '=', id)
          .executeTakeFirst(),
      )
      .catch(() => undefined);
    if (!row) return undefined;
    const requested = row.requested as { name?: unknown } | null;
    return {
      connection_id: row.connection_id ?? undefined,
      connection_label: row.connection_label ?? undefined,
      schema_id: row.schema_id ?? undefined,
      request_name: typeof requested?.name === 'string' ? requested.name : undefined,
    };
  }

  async connectionLabel(id: string): Promise<string | undefined> {
    if (!AGENT_ID.test(id)) return undefined;
    const known = this.labels.get(id) ?? this.seen(id);
    if (known) return known;
    let label: string | undefined;
    try {
      const { body } = await this.client.get(`/connections/${encodeURIComponent(id)}`);
      if (body && typeof body === 'object' && 'connection_id' in body) label = connectionLabel(body as Parameters<typeof connectionLabel>[0]);
    } catch {
      // Gone from the agent (just removed, say): the register remembers what it was called.
    }
    label ??= await this.store
      .run((db) =>
        db
          .selectFrom('register_exchanges')
          .select('connection_label')
          .where('tenant_id', '=', this.tenant)
          .where('kind', 'in', ['credential', 'presentation'])
          .where('connection_id', '=', id)
          .where('connection_label', 'is not', null)
          .limit(1)
          .executeTakeFirst(),
      )
      .then((row) => row?.connection_label ?? undefined)
      .catch(() => undefined);
    if (label) {
      this.labels.set(id, label);
      if (this.labels.size > LABELS_KEPT) this.labels.delete(this.labels.keys().next().value!);
    }
    return label;
  }

  async issued(revRegId: string, credRevId: string): Promise<IssuedFacts | undefined> {
    const row = await this.store
      .run((db) =>
        db
          .selectFrom('register_credentials')
          .select(['cred_ex_id', 'holder_label', 'schema_id'])
          .where('tenant_id', '=', this.tenant)
          .where('rev_reg_id', '=', revRegId)
          .where('cred_rev_id', '=', credRevId)
          .executeTakeFirst(),
      )
      .catch(() => undefined);
    return row ? { cred_ex_id: row.cred_ex_id, holder_label: row.holder_label ?? undefined, schema_id: row.schema_id ?? undefined } : undefined;
  }
}
