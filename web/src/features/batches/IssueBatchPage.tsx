import { batchProgressText, type BatchRow, type BatchRowState, type IssueBatchDetail, formatCount, formatValue, labelOf } from '@credence/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { BackLink } from '../../components/ui/BackLink';
import { ErrorState } from '../../components/ui/ErrorState';
import { SubmitError } from '../../components/exchange-form/SubmitError';
import { isApiError } from '../../lib/api';
import { formatDateTime, timeAgo } from '../../lib/format';
import { toast } from '../../lib/toast-store';
import { EditRowForm } from './EditRowForm';
import { Pager } from './Pager';
import { batchQueries, ROWS_PER_PAGE, useRetryFailed } from './queries';
import './batches.css';

const n = formatCount;
const stateWords: Record<BatchRowState, string> = { pending: 'Waiting', sending: 'Sending', sent: 'Sent', failed: 'Failed', 'needs-fix': 'To fix' };
/** The exchange states in which the holder has the credential: the row is issued, not only sent. */
const ISSUED = new Set(['credential-issued', 'done']);
const rowStateText = (row: BatchRow) => (row.state === 'sent' && row.exchange_state && ISSUED.has(row.exchange_state) ? 'Issued' : stateWords[row.state]);
const filters: { state: BatchRowState | undefined; label: string }[] = [
  { state: undefined, label: 'All rows' },
  { state: 'needs-fix', label: 'To fix' },
  { state: 'failed', label: 'Failed' },
  { state: 'sent', label: 'Sent' },
  { state: 'pending', label: 'Waiting' },
];

/** /credentials/batches/:batchId: a batch's progress, read from the store, whichever instance sends it. */
export function IssueBatchPage() {
  const { batchId = '' } = useParams();
  const [state, setState] = useState<BatchRowState | undefined>();
  const [page, setPage] = useState(0);
  const detail = useQuery(batchQueries.detail(batchId, state, page));
  return (
    <section aria-labelledby="batch-title" className="batches-page">
      <BackLink fallback={{ href: '/credentials/batches', label: 'Issue to many' }} />
      {detail.isPending ? (
        <div className="state-panel" aria-busy="true">
          Loading the batch…
        </div>
      ) : detail.isError ? (
        <ErrorState error={detail.error} onRetry={() => detail.refetch()} />
      ) : (
        <Batch
          batch={detail.data}
          state={state}
          onState={(next) => {
            setState(next);
            setPage(0);
          }}
          page={page}
          onPage={setPage}
        />
      )}
    </section>
  );
}

interface BatchProps {
  batch: IssueBatchDetail;
  state: BatchRowState | undefined;
  onState: (state: BatchRowState | undefined) => void;
  page: number;
  onPage: (page: number) => void;
}

function Batch({ batch, state, onState, page, onPage }: BatchProps) {
  const retry = useRetryFailed(batch.id);
  const [editing, setEditing] = useState<number | undefined>();
  const toFix = batch.counts['needs-fix'];
  const done = batch.counts.sent + batch.counts.failed + toFix;
  const countOf = (s: BatchRowState | undefined) => (s ? batch.counts[s] : batch.row_count);
  return (
    <>
      <div className="page-head">
        <h1 id="batch-title">
          {batch.credential_name} to {n(batch.row_count)} {batch.row_count === 1 ? 'connection' : 'connections'}
        </h1>
        <p className="muted">
          {batch.file_name ? `${batch.file_name}, started` : 'Started'} <span title={formatDateTime(batch.created_at)}>{timeAgo(batch.created_at)}</span> by{' '}
          {batch.created_by}. The console sends the rows itself: you may close this page.
        </p>
      </div>
      <div className="card">
        <div className="batch-progress">
          <label htmlFor="batch-progress">{batchProgressText(batch)}</label>
          <progress id="batch-progress" max={batch.row_count} value={done}>
            {batchProgressText(batch)}
          </progress>
          <p role="status" className="muted small">
            {batch.state === 'sending'
              ? `Sending… ${n(batch.counts.pending + batch.counts.sending)} to go.`
              : [
                  toFix > 0 &&
                    `${n(toFix)} ${toFix === 1 ? 'row was' : 'rows were'} kept for fixing, not sent: fix ${toFix === 1 ? 'it' : 'each one'} and it is sent.`,
                  batch.counts.failed > 0 && `${n(batch.counts.failed)} ${batch.counts.failed === 1 ? 'row' : 'rows'} failed: fix a row if needed, then retry.`,
                  toFix + batch.counts.failed === 0 &&
                    (batch.counts.issued === batch.counts.sent
                      ? 'Finished: every credential was issued.'
                      : `Finished: every offer was sent; ${n(batch.counts.sent - batch.counts.issued)} not yet accepted by the holder.`),
                ]
                  .filter(Boolean)
                  .join(' ')}
          </p>
        </div>
        {batch.counts.failed > 0 && (
          <div className="form-buttons">
            <button
              type="button"
              className="button primary"
              disabled={retry.isPending}
              onClick={() =>
                retry.mutate(undefined, {
                  onSuccess: () => {
                    toast.success('Sending the failed rows again');
                    setEditing(undefined);
                  },
                })
              }
            >
              Retry failed rows ({n(batch.counts.failed)})
            </button>
          </div>
        )}
        {retry.isError && <SubmitError message={retry.error.message} status={isApiError(retry.error) ? retry.error.status : undefined} />}
      </div>
      <section className="card" aria-labelledby="batch-rows-title">
        <h2 id="batch-rows-title">Rows</h2>
        <div className="batch-filter" role="group" aria-label="Show rows">
          {filters.map((f) => (
            <button key={f.label} type="button" className="button" aria-pressed={state === f.state} onClick={() => onState(f.state)}>
              {f.label} ({n(countOf(f.state))})
            </button>
          ))}
        </div>
        {batch.rows.length === 0 ? (
          <p className="muted">No row here.</p>
        ) : (
          <div className="table-wrap">
            <table className="data-table stack-narrow">
              <caption className="visually-hidden">Rows of the batch</caption>
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Connection</th>
                  <th scope="col">Values</th>
                  <th scope="col">State</th>
                  <th scope="col">Exchange or problem</th>
                </tr>
              </thead>
              <tbody>
                {batch.rows.map((row) => (
                  <RowLine key={row.index} row={row} batchId={batch.id} editing={editing === row.index} onEdit={setEditing} />
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager page={page} total={batch.rows_total} perPage={ROWS_PER_PAGE} onPage={onPage} label="Rows of the batch" />
      </section>
    </>
  );
}

function RowLine({ row, batchId, editing, onEdit }: { row: BatchRow; batchId: string; editing: boolean; onEdit: (index: number | undefined) => void }) {
  return (
    <>
      <tr className={row.state === 'failed' || row.state === 'needs-fix' ? 'row-problem' : undefined}>
        <td data-label="Row">{row.index}</td>
        <td data-label="Connection">{row.connection_label ?? row.connection_cell ?? row.connection_id}</td>
        <td data-label="Values" className="batch-value">
          {row.attributes.map((a) => `${labelOf(a.name)}: ${formatValue(a.name, a.value)}`).join('; ')}
        </td>
        <td data-label="State">{rowStateText(row)}</td>
        <td data-label="Exchange or problem">
          {row.cred_ex_id ? (
            <Link to={`/credentials/${row.cred_ex_id}`}>Open the exchange of row {row.index}</Link>
          ) : row.error ? (
            <div>
              <span>{row.error}</span>{' '}
              {(row.state === 'failed' || row.state === 'needs-fix') && !editing && (
                <button type="button" className="button" onClick={() => onEdit(row.index)}>
                  Fix row {row.index}
                </button>
              )}
            </div>
          ) : (
            <span className="muted">—</span>
          )}
        </td>
      </tr>
      {editing && (
        <tr>
          <td colSpan={5}>
            <EditRowForm batchId={batchId} row={row} onDone={() => onEdit(undefined)} />
          </td>
        </tr>
      )}
    </>
  );
}
