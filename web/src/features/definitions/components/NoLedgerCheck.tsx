import { Link } from 'react-router';

/**
 * In place of "Check against the ledger" on an anoncreds wallet: ACA-Py 1.6.1's anoncreds interface
 * has the route but refuses it for every registry (anoncreds/revocation/manager.py
 * update_rev_reg_revoked_state), so the console does not offer it (decision 025).
 */
export function NoLedgerCheck() {
  return (
    <p className="muted small registry-no-check">
      The ledger check of these registries is not available on an anoncreds wallet: the agent keeps each registry’s revocation list itself, and revocations
      reach the ledger when they are published on the <Link to="/revocation">Revocation page</Link>.
    </p>
  );
}
