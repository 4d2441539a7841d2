import { BULK_REVOKE_CAP, schemaLabel, type BulkRevokeResult, type BulkRevokeSelection, consoleApiRefs } from '@credence/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog } from '../../../components/ui/Dialog';
import { callApi } from '../../../lib/api-client';
import { consoleConfigQueries } from '../../../lib/console-config';
import { registerKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast-store';
import { bulkRevokeSentence } from '../bulk-revoke-words';

const whose = (c: { holder_label: string | null; schema_id: string | null; cred_rev_id: string | null }) =>
  `${c.holder_label ?? 'No connection'} — ${schemaLabel(c.schema_id) ?? 'credential'}${c.cred_rev_id ? ` (no. ${c.cred_rev_id})` : ''}`;

/**
 * "Revoke all shown…" (admins): the issued credentials the current search matches, reviewed in a
 * dialog that says exactly what will happen, revoked on the server as one pending batch, then published once.
 */
export function BulkRevoke({ selection }: { selection: BulkRevokeSelection }) {
  const role = useQuery(consoleConfigQueries.current()).data?.role;
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const previewQuery = useQuery({
    queryKey: [...registerKeys.credentials(), 'bulk-revoke', selection] as const,
    queryFn: ({ signal }) => callApi(consoleApiRefs.bulkRevokePreview, { query: selection }, { signal }),
    enabled: open,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: registerKeys.all() });
  const revoke = useMutation({
    meta: { showsOwnErrors: true },
    mutationFn: () => callApi(consoleApiRefs.bulkRevoke, { body: selection }),
    onSuccess: refresh,
  });
  const publish = useMutation({
    meta: { showsOwnErrors: true },
    mutationFn: () => callApi(consoleApiRefs.publishRevocations, { body: {} }),
    onSuccess: ({ published }) => {
      const n = Object.values(published).flat().length;
      toast.success(`Published ${n} revocation${n === 1 ? '' : 's'}: verifiers now see them revoked`);
      refresh();
      close();
    },
  });
  if (role !== 'admin') return null;
  const close = () => {
    setOpen(false);
    revoke.reset();
    publish.reset();
  };
  const preview = previewQuery.data;
  const result: BulkRevokeResult | undefined = revoke.data;
  const count = preview?.credentials.length ?? 0;
  // Read, and nothing in it can be revoked: no button that would do nothing.
  const nothingToRevoke = preview !== undefined && !result && count === 0;

  return (
    <>
      <button type="button" className="button danger" onClick={() => setOpen(true)}>
        Revoke all shown…
      </button>
      <Dialog open={open} title="Revoke these credentials?" onClose={close}>
        {previewQuery.isFetching && !preview ? (
          <p aria-busy="true">Reading the register…</p>
        ) : previewQuery.isError ? (
          <p className="form-error" role="alert">
            {previewQuery.error.message}
          </p>
        ) : preview && !result ? (
          <>
            <p>{bulkRevokeSentence(preview)}</p>
            {preview.over_cap ? (
              <p className="form-error">At most {BULK_REVOKE_CAP} credentials are revoked at once: narrow the search first.</p>
            ) : (
              count > 0 && (
                <ul className="bulk-revoke-list" aria-label="Credentials to revoke" tabIndex={0}>
                  {preview.credentials.map((c) => (
                    <li key={c.cred_ex_id}>{whose(c)}</li>
                  ))}
                </ul>
              )
            )}
          </>
        ) : null}
        {revoke.isPending && <p aria-busy="true">Revoking {count} credentials…</p>}
        {revoke.isError && (
          <p className="form-error" role="alert">
            {revoke.error.message}
          </p>
        )}
        {result && (
          <div role="status">
            <p>
              Revoked {result.revoked}, pending publication.
              {result.skipped > 0 && ` ${result.skipped} already revoked, skipped.`}
              {result.failed > 0 && ` ${result.failed} failed:`}
            </p>
            {result.failed > 0 && (
              <ul className="bulk-revoke-list">
                {result.results
                  .filter((r) => r.outcome === 'failed')
                  .map((r) => (
                    <li key={r.cred_ex_id}>
                      {whose(r)}: {r.reason}
                    </li>
                  ))}
              </ul>
            )}
            <p>Holders and verifiers see nothing until you publish: one publication for the whole batch.</p>
          </div>
        )}
        {publish.isError && (
          <p className="form-error" role="alert">
            {publish.error.message}
          </p>
        )}
        <div className="dialog-buttons">
          <button type="button" className="button" onClick={close}>
            {result ? 'Publish later' : nothingToRevoke ? 'Close' : 'Cancel'}
          </button>
          {nothingToRevoke ? null : result ? (
            <button type="button" className="button primary" onClick={() => publish.mutate()} disabled={publish.isPending || result.revoked === 0}>
              {publish.isPending ? 'Publishing…' : 'Publish now'}
            </button>
          ) : (
            <button
              type="button"
              className="button danger"
              onClick={() => revoke.mutate()}
              disabled={revoke.isPending || !preview || preview.over_cap || count === 0}
            >
              {revoke.isPending ? 'Revoking…' : `Revoke ${count} credential${count === 1 ? '' : 's'}`}
            </button>
          )}
        </div>
      </Dialog>
    </>
  );
}
