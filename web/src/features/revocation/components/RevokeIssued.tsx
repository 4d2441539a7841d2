import type { IssuedCredential } from '@credence/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { RevokeForm } from './RevokeForm';
import { Dialog } from '../../../components/ui/Dialog';
import { consoleConfigQueries } from '../../../lib/console-config';
import { holderWords, QR_CODE_HOLDER } from '../../../lib/credential-words';

/** For admins, on the Issued page: revoke one credential by the registry and id the register kept. */
export function RevokeIssued({ credential }: { credential: IssuedCredential }) {
  const config = useQuery(consoleConfigQueries.current());
  const [open, setOpen] = useState(false);
  if (config.data?.role !== 'admin' || !credential.rev_reg_id || !credential.cred_rev_id || !credential.filter_kind) return null;
  // Revoked meanwhile (here, or live from elsewhere): no button, but a dialog still open stays until the admin closes it.
  if (credential.status !== 'issued' && !open) return null;
  // Issued with no connection (at a counter): named by the name it holds.
  const holder = holderWords({ holder_label: credential.holder_label, values: credential.attributes });
  const title = holder === QR_CODE_HOLDER ? 'Revoke the QR-code credential?' : `Revoke ${holder}’s credential?`;
  return (
    <>
      {credential.status === 'issued' && (
        <button type="button" className="button danger small-button" onClick={() => setOpen(true)} aria-label={`Revoke the credential of ${holder}`}>
          Revoke…
        </button>
      )}
      {open && (
        <Dialog open title={title} onClose={() => setOpen(false)}>
          <RevokeForm issued={credential} onDone={() => setOpen(false)} onCancel={() => setOpen(false)} />
        </Dialog>
      )}
    </>
  );
}
