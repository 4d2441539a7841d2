import {
  BULK_REVOKE_CAP,
  BULK_REVOKE_PREVIEW_MINUTES,
  bulkRevokeSelectionSchema,
  schemaLabel,
  type BulkRevokeBody,
  type BulkRevokeItem,
  type BulkRevokePreview,
  type BulkRevokeResult,
  type BulkRevokeSelection,
  type CodedMessage,
} from '@credence/shared';
import { ProblemError } from '../problem.js';
import type { RegisterStore } from '../register/register-store.js';
import { digestOf, type BulkRevokePreviews, type StoredPreview } from './bulk-revoke-previews.js';

/** Agent calls in flight at once: a batch of 500 neither floods the agent nor holds the BFF's event loop. */
export const BULK_CONCURRENCY = 4;

/** What a selection takes: the revocable credentials (up to the cap), and how many others it matches. */
export interface Selected {
  items: BulkRevokeItem[];
  overCap: boolean;
  notRevocable: { n: number; capped: boolean };
}

/**
 * The register's issued (not yet revoked) credentials the selection matches that can be revoked, oldest
 * first, up to the cap; and a count of those it also matches that cannot (issued without a registry).
 */
export async function selectIssued(store: RegisterStore, selection: BulkRevokeSelection): Promise<Selected> {
  const issued = { ...selection, status: 'issued' as const, sort: 'issued' as const, offset: 0 };
  const [page, others] = await Promise.all([
    store.credentials({ ...issued, revocable: true, limit: BULK_REVOKE_CAP + 1 }),
    store.credentials({ ...issued, revocable: false, limit: 1 }),
  ]);
  const items = page.results.map((c) => ({
    cred_ex_id: c.cred_ex_id,
    holder_label: c.holder_label,
    schema_id: c.schema_id,
    rev_reg_id: c.rev_reg_id,
    cred_rev_id: c.cred_rev_id,
    values: c.attributes.slice(0, 2),
  }));
  return {
    items: items.slice(0, BULK_REVOKE_CAP),
    overCap: items.length > BULK_REVOKE_CAP,
    notRevocable: { n: others.total, capped: others.total_capped },
  };
}

/** Exactly what a bulk revocation would take: the credentials, how many holders, which kinds, what is left alone. */
export function preview({ items, overCap, notRevocable }: Selected): BulkRevokePreview {
  const holders = new Set(items.map((i) => i.holder_label ?? i.cred_ex_id));
  const kinds = new Map<string, number>();
  for (const item of items) {
    const label = schemaLabel(item.schema_id) ?? 'Unknown credential';
    kinds.set(label, (kinds.get(label) ?? 0) + 1);
  }
  return {
    credentials: items,
    holders: holders.size,
    kinds: [...kinds].map(([label, count]) => ({ label, count })),
    over_cap: overCap,
    not_revocable: notRevocable.n,
    not_revocable_capped: notRevocable.capped,
  };
}

/** The agent's refusal of a credential revoked already (revocation/manager.py, the sandbox likewise). */
const alreadyRevoked = (error: unknown) => error instanceof ProblemError && error.problem.status === 400 && /already revoked/i.test(error.message);

/**
 * Revokes each item with `revoke`, BULK_CONCURRENCY at a time, and says what happened to each: revoked,
 * skipped (the agent holds it revoked already) or failed (with the agent's reason). One failure never
 * stops the others.
 */
export type BulkRevokeOutcome = Pick<BulkRevokeResult, 'results' | 'revoked' | 'skipped' | 'failed'>;

export async function revokeAll(items: BulkRevokeItem[], revoke: (item: BulkRevokeItem) => Promise<void>): Promise<BulkRevokeOutcome> {
  const results: BulkRevokeOutcome['results'] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      const item = items[index]!;
      try {
        await revoke(item);
        results[index] = { ...item, outcome: 'revoked', reason: null };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        results[index] = { ...item, outcome: alreadyRevoked(error) ? 'skipped' : 'failed', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(BULK_CONCURRENCY, items.length) }, worker));
  const count = (outcome: string) => results.filter((r) => r.outcome === outcome).length;
  return { results, revoked: count('revoked'), skipped: count('skipped'), failed: count('failed') };
}

export interface RevokeOnceDeps {
  previews: BulkRevokePreviews;
  /** What the selection takes now (the register caught up first). */
  select: (selection: BulkRevokeSelection) => Promise<Selected>;
  /** Revokes the items; throws only when nothing was revoked (e.g. the agent could not be asked). */
  revoke: (items: BulkRevokeItem[]) => Promise<BulkRevokeOutcome>;
  /** Records what was done (the audit entries per credential); runs once, before the answer is kept. */
  recorded: (result: BulkRevokeResult) => Promise<void>;
  /** How long a repeat waits for the request doing the work; then it says so. */
  waitMs?: number;
  pollMs?: number;
}

const conflict = (detail: string, message: CodedMessage, title = 'Preview again') => new ProblemError(409, detail, { title, ...message });
const credentials = (n: number) => `${n} credential${n === 1 ? '' : 's'}`;

/**
 * Revokes what preview `preview_id` took, for the admin who made it, once. The first request claims the
 * preview (one conditional update, so one of any number of requests, on any instance) and checks that the
 * selection still matches exactly the credentials previewed; every other request with the same id gets the
 * first one's answer (`repeated: true`, or the same refusal), waiting for it while it is being worked out.
 */
export async function revokePreviewOnce(deps: RevokeOnceDeps, body: BulkRevokeBody, by: string): Promise<BulkRevokeResult> {
  const deadline = Date.now() + (deps.waitMs ?? 60_000);
  for (;;) {
    const preview = await deps.previews.read(body.preview_id);
    if (!preview) throw conflict('There is no such preview: preview the selection, then confirm what it shows.', { code: 'bulkRevoke.noPreview' });
    if (preview.created_by !== by)
      throw conflict('This preview was made by someone else: preview the selection yourself, then confirm what it shows.', {
        code: 'bulkRevoke.notYourPreview',
      });
    if (preview.count !== body.expected_count) {
      throw conflict(`The preview took ${credentials(preview.count)}, not ${body.expected_count}: preview again and confirm what it shows.`, {
        code: 'bulkRevoke.countDiffers',
        params: { count: preview.count, expected: body.expected_count },
      });
    }
    if (preview.state === 'done') return { ...(preview.answer as BulkRevokeResult), repeated: true };
    if (preview.state === 'refused') {
      const { detail, title } = preview.answer as { detail: string; title?: string };
      throw conflict(detail, { code: 'bulkRevoke.selectionChanged' }, title);
    }
    if (preview.state === 'previewed') {
      if (deps.previews.expired(preview))
        throw conflict(`This preview has expired (one can be confirmed for ${BULK_REVOKE_PREVIEW_MINUTES} minutes): preview again.`, {
          code: 'bulkRevoke.expired',
          params: { minutes: BULK_REVOKE_PREVIEW_MINUTES },
        });
      const claimed = await deps.previews.claim(preview.id, by);
      if (claimed) return revokeClaimed(deps, claimed);
      continue; // Another request claimed it a moment ago: its answer is this one's.
    }
    if (Date.now() >= deadline) {
      const since = preview.claimed_at?.toISOString() ?? 'a moment ago';
      throw conflict(
        `Another request for this preview has been revoking since ${since}: the register and the audit log will show what it did.`,
        { code: 'bulkRevoke.stillRevoking' },
        'Still revoking',
      );
    }
    await new Promise((resolve) => setTimeout(resolve, deps.pollMs ?? 50));
  }
}

async function revokeClaimed(deps: RevokeOnceDeps, preview: StoredPreview): Promise<BulkRevokeResult> {
  let selection: BulkRevokeSelection;
  let outcome: BulkRevokeOutcome;
  try {
    selection = bulkRevokeSelectionSchema.parse(preview.selection);
    const selected = await deps.select(selection);
    const { items } = selected;
    const changed = selected.overCap || items.length !== preview.count || digestOf(items) !== preview.digest;
    if (changed) {
      const matchNow = selected.overCap
        ? `more than ${BULK_REVOKE_CAP} credentials match now`
        : `${credentials(items.length)} ${items.length === 1 ? 'matches' : 'match'} now`;
      const detail =
        items.length === preview.count && !selected.overCap
          ? `The selection changed since the preview: ${matchNow}, but not the ones previewed. Preview again.`
          : `The selection changed since the preview: ${matchNow}, not ${preview.count}. Preview again.`;
      const title = 'The selection changed';
      await deps.previews.finish(preview.id, 'refused', 409, { title, detail });
      throw conflict(detail, { code: 'bulkRevoke.selectionChanged' }, title);
    }
    outcome = await deps.revoke(items);
  } catch (error) {
    // Nothing was revoked: the preview may be confirmed again (a refusal above was kept already).
    await deps.previews.release(preview.id).catch(() => undefined);
    throw error;
  }
  const result: BulkRevokeResult = { preview_id: preview.id, selection, ...outcome, repeated: false };
  await deps.recorded(result);
  await deps.previews.finish(preview.id, 'done', 200, result);
  return result;
}
