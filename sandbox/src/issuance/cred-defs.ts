import { agentError, pyRepr } from '../agent-errors.js';
import { attachmentOf, type CredExRecord } from '../credential-records.js';
import { checkWalletAllows, formatKinds, walletAllows } from '../engine-support.js';
import { inThisWallet, type FormatKind, type SandboxCredDef } from '../ledger.js';
import type { SeededRandom } from '../random.js';
import type { SandboxStore } from '../store.js';
import type { PreviewSpec } from './records.js';

/** Which credential definition an exchange is about: named by a filter, carried by an offer, or a peer's. */

export type FilterSpec = Partial<Record<FormatKind, Record<string, string | undefined>>>;

/** Which filter field holds which property of a credential definition, per format. */
const filterFields: Record<FormatKind, Record<string, (d: SandboxCredDef) => string>> = {
  indy: {
    cred_def_id: (d) => d.cred_def_id,
    schema_id: (d) => d.schema.schema_id,
    schema_name: (d) => d.schema.name,
    schema_version: (d) => d.schema.version,
    issuer_did: (d) => d.issuer_id,
    schema_issuer_did: (d) => d.schema.issuer_id,
  },
  anoncreds: {
    cred_def_id: (d) => d.cred_def_id,
    schema_id: (d) => d.schema.schema_id,
    schema_name: (d) => d.schema.name,
    schema_version: (d) => d.schema.version,
    issuer_id: (d) => d.issuer_id,
    schema_issuer_id: (d) => d.schema.issuer_id,
  },
};

const pySet = (items: string[]) =>
  items.length
    ? `{${[...items]
        .sort()
        .map((i) => pyRepr(i))
        .join(', ')}}`
    : 'set()';

export function filterMatches(credDef: SandboxCredDef, spec: Record<string, string | undefined>): boolean {
  return Object.entries(spec).every(([field, wanted]) => wanted === undefined || filterFields[credDef.kind][field]?.(credDef) === wanted);
}

/** Our credential definitions matching each format of the filter; checks the preview against each schema. */
export function ownCredDefs(store: SandboxStore, filter: FilterSpec, preview: PreviewSpec | undefined): SandboxCredDef[] {
  checkWalletAllows(store, filter);
  const offered: SandboxCredDef[] = [];
  for (const kind of formatKinds) {
    const spec = filter[kind];
    if (!spec) continue;
    const credDef = store.ledger.credDefs.find((d) => d.kind === kind && inThisWallet(d) && filterMatches(d, spec));
    if (!credDef) throw agentError(400, `Issuer has no operable cred def for proposal spec ${pyRepr(spec)}`);
    if (!preview) throw agentError(400, 'Missing credential_preview');
    const previewNames = preview.attributes.map((a) => a.name);
    const schemaNames = credDef.schema.attributes;
    if (previewNames.length !== schemaNames.length || !schemaNames.every((n) => previewNames.includes(n))) {
      throw agentError(400, `Preview attributes ${pySet(previewNames)} mismatch corresponding schema attributes ${pySet(schemaNames)}`);
    }
    offered.push(credDef);
  }
  if (offered.length === 0) throw agentError(400, 'Missing filter');
  return offered;
}

/** The credential definition the exchange runs on: the format the holder took, anoncreds first. */
export function credDefOfOffer(store: SandboxStore, record: CredExRecord): SandboxCredDef {
  for (const kind of formatKinds) {
    const id = attachmentOf(record, 'cred_offer', kind)?.cred_def_id;
    const credDef = store.ledger.credDefs.find((d) => d.cred_def_id === id);
    if (credDef && walletAllows(store, kind)) return credDef;
  }
  throw agentError(400, `Credential exchange ${record.cred_ex_id} has no offer in a format this wallet supports`);
}

/** A peer's credential definition this wallet can hold, preferably one of the peer on `connectionId`. */
export function peerCredDef(store: SandboxStore, rng: SeededRandom, connectionId?: string): SandboxCredDef {
  const label = connectionId ? store.connections.get(connectionId)?.their_label : undefined;
  const candidates = store.ledger.credDefs.filter((d) => d.issuedBy !== 'self' && walletAllows(store, d.kind));
  const fromPeer = candidates.filter((d) => d.issuedBy === label);
  return rng.pick(fromPeer.length ? fromPeer : candidates);
}
