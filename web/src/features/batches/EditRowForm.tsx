import type { BatchRow } from '@credence/shared';
import { useState, type FormEvent } from 'react';
import { SubmitError } from '../../components/exchange-form/SubmitError';
import { isApiError } from '../../lib/api';
import { useConnections } from '../../lib/connections';
import { toast } from '../../lib/toast-store';
import { useEditRow } from './queries';

/** A failed row with another connection or other values, checked by the BFF as the file was; retried with the others. */
export function EditRowForm({ batchId, row, onDone }: { batchId: string; row: BatchRow; onDone: () => void }) {
  const connections = useConnections();
  const edit = useEditRow(batchId);
  const [connection, setConnection] = useState(row.connection_id);
  const [values, setValues] = useState(row.attributes);
  const usable = connections.options.filter((c) => c.ready || c.id === row.connection_id);
  const prefix = `row-${row.index}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    edit.mutate(
      { index: row.index, connection, attributes: values },
      {
        onSuccess: () => {
          toast.success(`Row ${row.index} changed: retry the failed rows to send it`);
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
            {usable.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
                {c.ready ? '' : ` (${c.state})`}
              </option>
            ))}
            {!usable.some((c) => c.id === row.connection_id) && <option value={row.connection_id}>{row.connection_label ?? row.connection_id} (gone)</option>}
          </select>
        </div>
        {values.map((a, i) => (
          <div className="field" key={a.name}>
            <label htmlFor={`${prefix}-${i}`}>{a.name}</label>
            <input id={`${prefix}-${i}`} value={a.value} onChange={(e) => setValues(values.map((v, j) => (j === i ? { ...v, value: e.target.value } : v)))} />
          </div>
        ))}
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
