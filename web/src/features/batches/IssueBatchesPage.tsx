import { BATCH_MAX_ROWS, BATCH_UPLOAD_BYTES, batchProgressText, type IssueBatchPreview, formatCount, consoleApiRefs } from '@credence/shared';
import { useQuery } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useFromHere } from '../../components/ui/BackLink';
import { ErrorState } from '../../components/ui/ErrorState';
import { WithWalletType } from '../../components/exchange-form/ExchangeFormParts';
import { SubmitError } from '../../components/exchange-form/SubmitError';
import { isApiError } from '../../lib/api';
import { urlFor } from '../../lib/api-client';
import { formatDateTime, timeAgo } from '../../lib/format';
import { ownCredDefLabel, useOwnCredDefs } from '../../lib/own-definitions';
import { toast } from '../../lib/toast-store';
import { PreviewTable } from './PreviewTable';
import { RepeatWarning } from './RepeatWarning';
import { batchQueries, usePreview, useStartBatch } from './queries';
import { ApprovalAsked } from '../../components/approvals/ApprovalAsked';
import { useNeedsApproval } from '../../lib/approvals';
import { useT } from '../../i18n/use-t';
import './batches.css';

const n = formatCount;
const MAX_MB = `${(BATCH_UPLOAD_BYTES / 1024 / 1024).toLocaleString('en-GB')} MB`;

/** /credentials/batches: one credential definition issued to many connections from a CSV file. */
export function IssueBatchesPage() {
  return (
    <section aria-labelledby="batches-title" className="batches-page">
      <div className="page-head">
        <h1 id="batches-title">Issue to many</h1>
        <p className="muted">
          Offer one credential to many connections at once: download the template, fill in one row per holder, upload it. Every row is checked before anything
          is sent.
        </p>
      </div>
      <WithWalletType>{(walletType) => <NewBatch walletType={walletType} />}</WithWalletType>
      <RecentBatches />
    </section>
  );
}

interface LoadedFile {
  name: string;
  csv: string;
}

function NewBatch({ walletType }: { walletType: string | null }) {
  const navigate = useNavigate();
  const definitions = useOwnCredDefs(walletType);
  // The definition is in the address (a link from a definition, a reload): shown and sent only once it is one of this agent's.
  const [params, setParams] = useSearchParams();
  const asked = params.get('cred_def_id') ?? '';
  const known = definitions.data?.some((d) => d.credDefId === asked) ?? false;
  const credDefId = known ? asked : '';
  const unknownAsked = asked !== '' && definitions.isSuccess && !known;
  const [file, setFile] = useState<LoadedFile | undefined>();
  const [fileError, setFileError] = useState<string | undefined>();
  const [preview, setPreview] = useState<IssueBatchPreview | undefined>();
  const [repeatConfirmed, setRepeatConfirmed] = useState(false);
  const check = usePreview();
  const start = useStartBatch();
  const t = useT();
  const needsApproval = useNeedsApproval('bulk-issue');
  const approvalAsked = start.data && 'asked' in start.data ? start.data.asked : undefined;

  const choose = (id: string) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('cred_def_id', id);
        else next.delete('cred_def_id');
        return next;
      },
      { replace: true },
    );
    setPreview(undefined);
    setFile(undefined);
    check.reset();
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    event.target.value = '';
    setPreview(undefined);
    start.reset();
    if (!picked) return;
    if (picked.size > BATCH_UPLOAD_BYTES) {
      setFileError(`“${picked.name}” is ${n(picked.size)} bytes; a file may hold at most ${MAX_MB}. Split it into several files.`);
      return;
    }
    setFileError(undefined);
    const loaded = { name: picked.name, csv: await picked.text() };
    setFile(loaded);
    checkFile(loaded);
  };

  const checkFile = (loaded: LoadedFile) => {
    setRepeatConfirmed(false);
    check.mutate({ cred_def_id: credDefId, file_name: loaded.name, csv: loaded.csv }, { onSuccess: setPreview });
  };

  const send = (keepRowsWithProblems: boolean) => {
    if (!file || !preview) return;
    const repeatOf = repeatConfirmed ? preview.earlier_batch?.id : undefined;
    start.mutate(
      {
        cred_def_id: preview.cred_def_id,
        file_name: file.name,
        csv: file.csv,
        ...(repeatOf && { repeat_of: repeatOf }),
        ...(keepRowsWithProblems && { keep_rows_with_problems: true }),
      },
      {
        onSuccess: (answer) => {
          if ('asked' in answer) return;
          const batch = answer.done;
          const toFix = batch.counts['needs-fix'];
          toast.success(
            `Sending ${n(batch.row_count - toFix)} offers of ${batch.credential_name}${toFix ? `; ${n(toFix)} ${toFix === 1 ? 'row is' : 'rows are'} kept for you to fix` : ''}`,
          );
          void navigate(`/credentials/batches/${batch.id}`);
        },
        // Sent meanwhile (another tab, another clerk): the file is checked again, and says by whom.
        onError: (error) => {
          if (isApiError(error) && error.status === 409) checkFile(file);
        },
      },
    );
  };

  const repeatAsked = preview?.earlier_batch != null && !repeatConfirmed;
  const readable = !!preview && preview.file_problems.length === 0 && preview.row_count > 0;
  const clean = readable && preview.rows_with_problems === 0;
  // Some rows are ready and some are not: the ready ones can go now, the others are kept to be fixed on the batch's page.
  const goodRows = preview ? preview.row_count - preview.rows_with_problems : 0;
  const partly = readable && !clean && goodRows > 0;
  return (
    <div className="card">
      <h2>New batch</h2>
      <ol className="batch-steps">
        <li>
          <div className="field">
            <label htmlFor="batch-definition">Credential to issue</label>
            <select id="batch-definition" value={credDefId} onChange={(e) => choose(e.target.value)} disabled={definitions.isPending}>
              <option value="">{definitions.isPending ? 'Loading this agent’s definitions…' : 'Choose a credential definition'}</option>
              {definitions.data?.map((d) => (
                <option key={d.credDefId} value={d.credDefId}>
                  {ownCredDefLabel(d)}
                </option>
              ))}
            </select>
            {definitions.isError && <p className="field-error">The agent’s definitions could not be read: {definitions.error.message}</p>}
            {unknownAsked && (
              <p className="field-error" role="alert">
                The credential named in the address is not one of this agent’s definitions: choose one.
              </p>
            )}
          </div>
          {credDefId && (
            <p>
              <a className="button" href={urlFor(consoleApiRefs.issueBatchTemplate, { query: { cred_def_id: credDefId } })} download>
                Download the template (CSV)
              </a>{' '}
              <span className="muted small">
                A <code>connection</code> column (the name as the Connections page shows it, their label, or the connection’s id) and one column per attribute.
                A date may be written as the spreadsheet does (2007-11-21).
              </span>
            </p>
          )}
        </li>
        <li>
          <div className="field">
            <label htmlFor="batch-file">Filled-in file (CSV)</label>
            <input
              id="batch-file"
              type="file"
              accept=".csv,text/csv"
              disabled={!credDefId}
              aria-describedby="batch-file-hint"
              onChange={(e) => void upload(e)}
            />
            <p id="batch-file-hint" className="muted small">
              {credDefId ? '' : 'Choose the credential first. '}At most {n(BATCH_MAX_ROWS)} rows and {MAX_MB}, saved as “CSV UTF-8”. Choosing a file again
              checks it again.
            </p>
            {fileError && (
              <p className="field-error" role="alert">
                {fileError}
              </p>
            )}
          </div>
        </li>
      </ol>
      {check.isPending && (
        <div className="state-panel" aria-busy="true">
          Checking every row of {file?.name}…
        </div>
      )}
      {check.isError && <SubmitError message={check.error.message} status={isApiError(check.error) ? check.error.status : undefined} />}
      {preview && file && <PreviewTable preview={preview} fileName={file.name} />}
      {preview?.earlier_batch && <RepeatWarning earlier={preview.earlier_batch} confirmed={repeatConfirmed} onConfirm={setRepeatConfirmed} />}
      {approvalAsked && (
        <ApprovalAsked
          approvalId={approvalAsked}
          onClose={() => {
            start.reset();
            setPreview(undefined);
            setFile(undefined);
          }}
        />
      )}
      {preview && !approvalAsked && needsApproval && <p className="muted small">{t('approvals.needed')}</p>}
      {preview && !approvalAsked && (
        <div className="form-buttons">
          {partly ? (
            <button type="button" className="button primary" disabled={repeatAsked || start.isPending} onClick={() => send(true)}>
              {needsApproval
                ? t('approvals.ask')
                : start.isPending
                  ? 'Starting…'
                  : `Send ${n(goodRows)} ready ${goodRows === 1 ? 'row' : 'rows'}, keep ${n(preview.rows_with_problems)} to fix`}
            </button>
          ) : (
            <button type="button" className="button primary" disabled={!clean || repeatAsked || start.isPending} onClick={() => send(false)}>
              {needsApproval
                ? t('approvals.ask')
                : start.isPending
                  ? 'Starting…'
                  : `Send ${n(preview.row_count)} ${preview.row_count === 1 ? 'offer' : 'offers'}`}
            </button>
          )}
          {partly ? (
            <span className="muted small">
              The rows with a problem are not sent: they wait on the batch’s page, where you fix each one and it is sent. Or fix the file and choose it again.
            </span>
          ) : (
            !clean && <span className="muted small">Fix the file and choose it again: nothing can be sent from it as it is.</span>
          )}
        </div>
      )}
      {start.isError && <SubmitError message={start.error.message} status={isApiError(start.error) ? start.error.status : undefined} />}
    </div>
  );
}

function RecentBatches() {
  const list = useQuery(batchQueries.list());
  const fromHere = useFromHere('Issue to many');
  return (
    <section aria-labelledby="recent-batches-title" className="card">
      <h2 id="recent-batches-title">Recent batches</h2>
      {list.isPending ? (
        <p aria-busy="true">Loading batches…</p>
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      ) : list.data.results.length === 0 ? (
        <p className="muted">No batch yet.</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table stack-narrow">
            <caption className="visually-hidden">Recent batches</caption>
            <thead>
              <tr>
                <th scope="col">Credential</th>
                <th scope="col">Progress</th>
                <th scope="col">Started</th>
              </tr>
            </thead>
            <tbody>
              {list.data.results.map((b) => (
                <tr key={b.id}>
                  <td data-label="Credential">
                    <div className="batch-name">
                      <Link to={`/credentials/batches/${b.id}`} state={fromHere}>
                        {b.credential_name}
                      </Link>
                      {b.file_name && <div className="muted small">{b.file_name}</div>}
                    </div>
                  </td>
                  <td data-label="Progress">
                    {batchProgressText(b)}
                    {b.state === 'sending' ? ' (sending)' : ''}
                  </td>
                  <td data-label="Started">
                    <span title={formatDateTime(b.created_at)}>{timeAgo(b.created_at)}</span> by {b.created_by}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
