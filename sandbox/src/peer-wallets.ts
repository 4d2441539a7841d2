import { attachmentOf, rawValuesOf, type CredExDetail } from './credential-records.js';

/** A credential this agent issued, as the peer that stored it holds it. */
export interface PeerCredential {
  credDefId: string;
  values: Record<string, string>;
  revRegId: string | null;
  credRevId: string | null;
}

/** The newest credentials kept per holder, and holders kept: the simulated peers' memory stays bounded. */
const KEPT_PER_HOLDER = 20;
const HOLDERS_KEPT = 5_000;
const ASKED_KEPT = 1_000;

/**
 * Not ACA-Py: the simulated peers' wallets. A peer that stored a credential this agent issued presents
 * that credential when asked (its values, its revocation on the ledger), not values made up for it.
 * A holder is a person, named by the label they connect with: the sandbox's mobile wallet holds what
 * was issued to it over a connection and at the counter alike.
 */
export class PeerWallets {
  private readonly byHolder = new Map<string, PeerCredential[]>();
  /** Connectionless offers: which wallet asked for the credential, by cred_ex_id, until it stores it. */
  private readonly askedBy = new Map<string, string>();

  /** A wallet with no connection to us asked for the credential of exchange `credExId`. */
  asked(credExId: string, holder: string): void {
    this.askedBy.set(credExId, holder);
    if (this.askedBy.size > ASKED_KEPT) this.askedBy.delete(this.askedBy.keys().next().value!);
  }

  /** Who asked for the credential of a connectionless exchange (forgotten once answered). */
  takeAsker(credExId: string): string | undefined {
    const holder = this.askedBy.get(credExId);
    this.askedBy.delete(credExId);
    return holder;
  }

  stores(holder: string, credential: PeerCredential): void {
    const held = this.byHolder.get(holder) ?? [];
    this.byHolder.delete(holder);
    this.byHolder.set(holder, [credential, ...held].slice(0, KEPT_PER_HOLDER));
    if (this.byHolder.size > HOLDERS_KEPT) this.byHolder.delete(this.byHolder.keys().next().value!);
  }

  /** What `holder` holds of ours, newest first. */
  heldBy(holder: string): readonly PeerCredential[] {
    return this.byHolder.get(holder) ?? [];
  }
}

/** The credential an exchange we were issuer of sent, as its holder stored it; undefined before it was sent. */
export function issuedCredentialOf(detail: CredExDetail): PeerCredential | undefined {
  const kind = detail.anoncreds ? 'anoncreds' : 'indy';
  const sent = attachmentOf(detail.cred_ex_record, 'cred_issue', kind);
  if (!sent?.cred_def_id || !sent.values) return undefined;
  const sub = detail[kind];
  return {
    credDefId: sent.cred_def_id,
    values: rawValuesOf(sent),
    revRegId: sub?.rev_reg_id ?? null,
    credRevId: sub?.cred_rev_id ?? null,
  };
}
