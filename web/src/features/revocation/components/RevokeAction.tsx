import type { CredExDetail } from '@credence/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { RevokeForm } from './RevokeForm';
import { Dialog } from '../../../components/ui/Dialog';
import { consoleConfigQueries } from '../../../lib/console-config';
import { issuedStatusQuery } from '../../../lib/register-exchanges';

/** For admins, on an issued revocable credential: open the revoke form, prefilled from the record. */
export function RevokeAction({ detail }: { detail: CredExDetail }) {
  const config = useQuery(consoleConfigQueries.current());
  const [open, setOpen] = useState(false);
  const sub = detail.anoncreds ?? detail.indy;
  const record = detail.cred_ex_record;
  const revocable = record.role === 'issuer' && !!sub?.rev_reg_id && !!sub.cred_rev_id && ['credential-issued', 'done'].includes(record.state);
  const status = useQuery({ ...issuedStatusQuery(record.cred_ex_id), enabled: revocable });
  if (config.data?.role !== 'admin' || !revocable) return null;
  // Revoked already, pending or published (here, or elsewhere): no second "Revoke…"; a dialog still open stays until the admin closes it.
  const revoked = status.data === 'revoked' || status.data === 'revoked-pending';
  if (revoked && !open) return null;
  return (
    <>
      {!revoked && (
        <button type="button" className="button danger" onClick={() => setOpen(true)}>
          Revoke…
        </button>
      )}
      {open && (
        <Dialog open title="Revoke this credential?" onClose={() => setOpen(false)}>
          <RevokeForm
            exchange={{ cred_ex_id: record.cred_ex_id, connection_id: record.connection_id }}
            onDone={() => setOpen(false)}
            onCancel={() => setOpen(false)}
          />
        </Dialog>
      )}
    </>
  );
}
