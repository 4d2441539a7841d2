import type { BatchRow } from '@credence/shared';
import { formatValue, fromDateint, isDateintAttribute, labelOf, toDateint } from '@credence/shared';
import { useState, type FormEvent } from 'react';
import { SubmitError } from '../../components/exchange-form/SubmitError';
import { isApiError } from '../../lib/api';
import { useConnections } from '../../lib/connections';
import { toast } from '../../lib/toast-store';
import { useEditRow } from './queries';

/**
 * A failed row, or one kept for fixing, with another connection or other values, checked by the BFF as the
 * file was. A failed row is retried with the others; a row kept for fixing is sent once it is saved.
 */
export function EditRowForm({ batchId, row, onDone }: { batchId: string; row: BatchRow; onDone: () => void }) {
  const connections = useConnections();
  const edit = useEditRow(batchId);
  const [connection, setConnection] = useState(row.connection_id ?? '');
  const [values, setValues] = useState(row.attributes);
  const usable = connections.options.filter((c) => c.ready || c.id === row.connection_id);
  const prefix = `row-${row.index}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    edit.mutate(
      { index: row.index, connection, attributes: values },
      {
        onSuccess: () => {
          toast.success(row.state === 'needs-fix' ? `Row ${row.index} fixed: sending it` : `Row ${row.index} changed: retry the failed rows to send it`);
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label={`Fix row ${row.index}`} noValidate>
      <div className="batch-row-edit">
        <div className="field">
          <label htmlFor={`${prefix}-connection`}>Connection of row {row.index}</label>
          <select id={`${prefix}-connection`} value={connection} onChange={(e) => setConnection(e.target.value)}>
            {row.connection_id === null && (
              <option value="">{row.connection_cell ? `Choose (the file said “${row.connection_cell}”)` : 'Choose the connection'}</option>
            )}
            {usable.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
                {c.ready ? '' : ` (${c.state})`}
              </option>
            ))}
            {row.connection_id !== null && !usable.some((c) => c.id === row.connection_id) && (
              <option value={row.connection_id}>{row.connection_label ?? row.connection_id} (gone)</option>
            )}
          </select>
        </div>
        {values.map((a, i) => {
          const set = (value: string) => setValues(values.map((v, j) => (j === i ? { ...v, value } : v)));
          // A date compared as a number (YYYYMMDD) is picked as a date; what the file had, if not a date, is said beside.
          const date = isDateintAttribute(a.name);
          const picked = date ? (fromDateint(a.value) ?? '') : a.value;
          return (
            <div className="field" key={a.name}>
              <label htmlFor={`${prefix}-${i}`}>{labelOf(a.name)}</label>
              {date ? (
                <>
                  <input id={`${prefix}-${i}`} type="date" value={picked} onChange={(e) => set(toDateint(e.target.value) ?? '')} />
                  {a.value !== '' && !picked && <p className="muted small">The file had “{a.value}”: choose the date.</p>}
                  {picked && <p className="visually-hidden">{formatValue(a.name, a.value)}</p>}
                </>
              ) : (
                <input id={`${prefix}-${i}`} value={a.value} onChange={(e) => set(e.target.value)} />
              )}
            </div>
          );
        })}
      </div>
      <div className="form-buttons">
        <button type="submit" className="button primary" disabled={edit.isPending}>
          Save row {row.index}
        </button>
        <button type="button" className="button" onClick={onDone}>
          Cancel
        </button>
      </div>
      {edit.isError && <SubmitError message={edit.error.message} status={isApiError(edit.error) ? edit.error.status : undefined} />}
    </form>
  );
}
