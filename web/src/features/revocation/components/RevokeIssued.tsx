import type { IssuedCredential } from '@credence/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { RevokeForm } from './RevokeForm';
import { Dialog } from '../../../components/ui/Dialog';
import { consoleConfigQueries } from '../../../lib/console-config';

/** For admins, on the Issued page: revoke one credential by the registry and id the register kept. */
export function RevokeIssued({ credential }: { credential: IssuedCredential }) {
  const config = useQuery(consoleConfigQueries.current());
  const [open, setOpen] = useState(false);
  if (config.data?.role !== 'admin' || !credential.rev_reg_id || !credential.cred_rev_id || !credential.filter_kind) return null;
  // Revoked meanwhile (here, or live from elsewhere): no button, but a dialog still open stays until the admin closes it.
  if (credential.status !== 'issued' && !open) return null;
  const holder = credential.holder_label ?? 'the holder';
  return (
    <>
      {credential.status === 'issued' && (
        <button type="button" className="button danger small-button" onClick={() => setOpen(true)} aria-label={`Revoke the credential of ${holder}`}>
          Revoke…
        </button>
      )}
      {open && (
        <Dialog open title={`Revoke ${holder}’s credential?`} onClose={() => setOpen(false)}>
          <RevokeForm issued={credential} onDone={() => setOpen(false)} onCancel={() => setOpen(false)} />
        </Dialog>
      )}
    </>
  );
}
