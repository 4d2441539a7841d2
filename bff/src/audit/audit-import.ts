import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { auditEntrySchema, type AuditEntry } from '@credence/shared';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { SOLE_TENANT } from '../tenancy/tenant.js';
import { appendChained } from './audit-append.js';
import { boundedEntry } from './audit-log.js';

async function digestOf(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Imports an audit.jsonl file of the earlier file-based log, once (a mark keyed by the file's digest,
 * written in the same transaction as its entries, so a crash imports all or nothing and two instances
 * sharing a database import a file once). The file itself is left as it is.
 */
export async function importAuditFile(db: Kysely<Database>, file: string): Promise<number> {
  try {
    await stat(file);
  } catch {
    return 0;
  }
  const mark = `audit-import:${await digestOf(file)}`;
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('store_marks')
      .values({ key: mark, at: new Date() })
      .onConflict((oc) => oc.doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!claimed) return 0;
    let batch: AuditEntry[] = [];
    let count = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      // The file-based log predates tenants: its entries are the sole tenant's, chained after what it holds.
      await appendChained(trx, SOLE_TENANT, batch);
      count += batch.length;
      batch = [];
    };
    for await (const line of createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity })) {
      if (!line.trim()) continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        continue; // a torn last line after a crash
      }
      // The file-based log had no sentences: those fields are left empty.
      const entry = auditEntrySchema
        .extend({ summary: z.string().nullable().default(null), reason: z.string().nullable().default(null), link: z.string().nullable().default(null) })
        .safeParse(parsed);
      if (!entry.success || Number.isNaN(Date.parse(entry.data.at))) continue;
      batch.push(boundedEntry(entry.data));
      if (batch.length >= 1_000) await flush();
    }
    await flush();
    if (count > 0) console.log(`[audit] imported ${count} entries from ${file} (the file is left as it is)`);
    return count;
  });
}
