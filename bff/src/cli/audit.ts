import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import type { AuditVerify } from '@credence/shared';
import { AuditLogs } from '../audit/audit-log.js';
import { Store } from '../store/store.js';
import { PLATFORM_TENANT, SOLE_TENANT, type TenantId } from '../tenancy/tenant.js';

const usage = `Usage: pnpm --filter bff audit verify [--tenant ORGANISATION]
Checks that the audit log is as it was written: every entry unchanged, none removed, none moved. ORGANISATION is a
tenant's name (as the agent labels its wallet) or its wallet id, or "platform" for the operator's own log; without
it, every log the console keeps is checked. Reads DATABASE_URL, or the embedded database in CREDENCE_DATA_DIR (stop
the console first: the embedded database serves one process). Prints { ok, entries, first_broken } as JSON per log;
exits 1 when a log is not intact.`;

/** The tenant a person names: "platform", "sole", a wallet id, or a tenant's label when one tenant alone has it. */
async function tenantNamed(store: Store, name: string): Promise<{ tenant: TenantId; label: string } | undefined> {
  for (const known of [PLATFORM_TENANT, SOLE_TENANT]) if (name === known) return { tenant: known, label: name };
  const rows = await store.run((db) =>
    db
      .selectFrom('tenants')
      .select(['wallet_id', 'label'])
      .where((eb) => eb.or([eb('wallet_id', '=', name), eb(eb.fn('lower', ['label']), '=', name.toLowerCase())]))
      .execute(),
  );
  const row = rows.find((r) => r.wallet_id === name) ?? (rows.length === 1 ? rows[0] : undefined);
  return row && { tenant: row.wallet_id as TenantId, label: row.label };
}

/** A sentence for whoever runs it, beside the JSON. */
function inWords(label: string, result: AuditVerify): string {
  const of = `${result.entries.toLocaleString('en')} entries`;
  if (result.ok) return `${label}: all ${of} are intact.`;
  const broken = result.first_broken!;
  const position = `Entry ${(broken.seq - result.first_seq + 1).toLocaleString('en')} of ${of.replace(' entries', '')}`;
  const made = broken.at ? ` (made on ${broken.at} by ${broken.actor ?? 'someone'})` : '';
  const what = { changed: 'was changed after it was written', missing: 'was removed', reordered: 'was moved out of its place' }[broken.reason];
  return `${label}: ${position}${made} ${what}.`;
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { tenant: { type: 'string' } } });
  if (positionals[0] !== 'verify' || positionals.length > 1) {
    console.error(usage);
    return 2;
  }
  const store = await Store.open({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: process.env.CREDENCE_DATA_DIR ?? fileURLToPath(new URL('../../.credence', import.meta.url)),
    retryMs: 60_000,
  });
  try {
    await Promise.race([store.ready, new Promise((_, reject) => setTimeout(() => reject(new Error('The database could not be reached.')), 15_000).unref())]);
    const logs = new AuditLogs(store);
    let targets: { tenant: TenantId; label: string }[];
    if (values.tenant !== undefined) {
      const named = await tenantNamed(store, values.tenant.trim());
      if (!named) {
        console.error(`No organisation is named ${values.tenant} (or more than one is): give its wallet id.\n${usage}`);
        return 2;
      }
      targets = [named];
    } else {
      targets = (await logs.tenantsWithLogs()).map((tenant) => ({ tenant, label: tenant }));
    }
    let intact = true;
    for (const { tenant, label } of targets) {
      const result = await logs.for(tenant).verify();
      intact &&= result.ok;
      console.log(JSON.stringify(values.tenant !== undefined ? result : { tenant, ...result }));
      console.error(inWords(label, result));
    }
    return intact ? 0 : 1;
  } finally {
    await store.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
