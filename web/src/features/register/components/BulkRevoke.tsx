import {
  BULK_REVOKE_CAP,
  bulkRevokeSelectionFields,
  type BulkRevokeItem,
  type BulkRevokePreviewAnswer,
  type BulkRevokeResult,
  type BulkRevokeSelection,
  consoleApiRefs,
} from '@credence/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog } from '../../../components/ui/Dialog';
import { callApi } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api';
import { consoleConfigQueries } from '../../../lib/console-config';
import { credentialWords, holderWords } from '../../../lib/credential-words';
import { registerKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast-store';
import { bulkRevokeSentence } from '../bulk-revoke-words';

/** The holder as a line starts: the connection, else the name the credential holds (issued at a counter), else the QR-code holder. */
const holderOf = (c: BulkRevokeItem) => {
  const who = holderWords(c);
  return who.charAt(0).toUpperCase() + who.slice(1);
};

/** "Bob Smith — Student ID 1.2 · Name: Bob · Degree: Law": the person, the credential and two of its values. */
const whose = (c: BulkRevokeItem) => {
  const { what, values } = credentialWords({ ...c, values: c.values });
  return `${holderOf(c)} — ${what}${values ? ` · ${values}` : ''}`;
};

/** The registry and index of each, for whoever traces them in the agent: one click away. */
function IdsOf({ items }: { items: readonly BulkRevokeItem[] }) {
  return (
    <details className="technical-details">
      <summary>Technical details</summary>
      <ul className="bulk-revoke-list small">
        {items.map((c) => (
          <li key={c.cred_ex_id}>
            {holderOf(c)}: registry <span className="mono wraps">{c.rev_reg_id ?? '—'}</span>, credential revocation id{' '}
            <span className="mono">{c.cred_rev_id ?? '—'}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * "Revoke all shown…" (admins): the issued credentials the current search matches, previewed on the
 * server (which keeps what it showed under an id) in a dialog that says exactly what will happen, then
 * revoked on the server as one pending batch — exactly those, once — and published once.
 */
export function BulkRevoke({ selection }: { selection: BulkRevokeSelection }) {
  const role = useQuery(consoleConfigQueries.current()).data?.role;
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  // Nothing chosen would be everything issued: the server refuses it, and the dialog says what to do instead.
  const chosen = bulkRevokeSelectionFields.some((field) => selection[field] !== undefined);
  const previewing = useMutation({
    meta: { showsOwnErrors: true },
    mutationFn: () => callApi(consoleApiRefs.bulkRevokePreview, { body: selection }),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: registerKeys.all() });
  const revoke = useMutation({
    meta: { showsOwnErrors: true },
    // The preview's id and the count the dialog showed: the server revokes exactly that, once.
    mutationFn: (shown: BulkRevokePreviewAnswer) =>
      callApi(consoleApiRefs.bulkRevoke, { body: { preview_id: shown.preview_id ?? '', expected_count: shown.credentials.length } }),
    onSuccess: refresh,
    // Refused because the selection changed or the preview is stale: what the list shows is out of date too.
    onError: (error) => isApiError(error, 409) && refresh(),
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
  const start = () => {
    setOpen(true);
    if (chosen) previewing.mutate();
  };
  const close = () => {
    setOpen(false);
    previewing.reset();
    revoke.reset();
    publish.reset();
  };
  const previewAgain = () => {
    revoke.reset();
    previewing.mutate();
  };
  const preview = previewing.data;
  const result: BulkRevokeResult | undefined = revoke.data;
  const count = preview?.credentials.length ?? 0;
  const stale = isApiError(revoke.error, 409);
  // Read, and nothing in it can be revoked (or nothing chosen): no button that would do nothing.
  const nothingToRevoke = !chosen || (preview !== undefined && !result && count === 0);

  return (
    <>
      <button type="button" className="button danger" onClick={start}>
        Revoke all shown…
      </button>
      <Dialog open={open} title="Revoke these credentials?" onClose={close}>
        {!chosen ? (
          <p>
            Choose what to revoke first: search for a person or a value, pick a credential, or take one holder’s. Everything issued is never revoked at once.
          </p>
        ) : previewing.isPending ? (
          <p aria-busy="true">Reading the register…</p>
        ) : previewing.isError ? (
          <p className="form-error" role="alert">
            {previewing.error.message}
          </p>
        ) : preview && !result ? (
          <>
            <p>{bulkRevokeSentence(preview)}</p>
            {preview.over_cap ? (
              <p className="form-error">At most {BULK_REVOKE_CAP} credentials are revoked at once: narrow the search first.</p>
            ) : (
              count > 0 && (
                <>
                  <ul className="bulk-revoke-list" aria-label="Credentials to revoke" tabIndex={0}>
                    {preview.credentials.map((c) => (
                      <li key={c.cred_ex_id}>{whose(c)}</li>
                    ))}
                  </ul>
                  <IdsOf items={preview.credentials} />
                </>
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
          ) : stale ? (
            <button type="button" className="button primary" onClick={previewAgain}>
              Preview again
            </button>
          ) : (
            <button
              type="button"
              className="button danger"
              onClick={() => preview && revoke.mutate(preview)}
              disabled={revoke.isPending || !preview?.preview_id || preview.over_cap || count === 0}
            >
              {revoke.isPending ? 'Revoking…' : `Revoke ${count} credential${count === 1 ? '' : 's'}`}
            </button>
          )}
        </div>
      </Dialog>
    </>
  );
}
