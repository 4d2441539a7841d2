import { type IssueBatchPreview, formatCount, formatValue, labelOf } from '@credence/shared';
import { useState } from 'react';
import { Pager } from './Pager';

const PAGE = 100;
const n = formatCount;

/** Every row of the checked file, those with problems first to hand, each problem in plain words. */
export function PreviewTable({ preview, fileName }: { preview: IssueBatchPreview; fileName: string }) {
  const [onlyProblems, setOnlyProblems] = useState(preview.rows_with_problems > 0);
  const [page, setPage] = useState(0);
  const rows = onlyProblems ? preview.rows.filter((r) => r.problems.length > 0) : preview.rows;
  const shown = rows.slice(page * PAGE, (page + 1) * PAGE);
  const problems = preview.file_problems.length + preview.rows_with_problems;
  return (
    <section aria-labelledby="preview-title" className="batch-preview">
      <h3 id="preview-title">
        {fileName}: {n(preview.row_count)} {preview.row_count === 1 ? 'row' : 'rows'} of {preview.credential_name}
      </h3>
      <p role="status" className={problems > 0 ? 'batch-verdict problems' : 'batch-verdict ok'}>
        {preview.file_problems.length > 0
          ? 'The file cannot be used as it is:'
          : preview.rows_with_problems > 0
            ? preview.rows_with_problems === preview.row_count
              ? `Every row has a problem. Fix them in your spreadsheet (the rows are numbered as there) and choose the file again.`
              : `${n(preview.rows_with_problems)} of ${n(preview.row_count)} rows have problems. Send the ready rows now and fix the others on the batch’s page, or fix them in your spreadsheet (the rows are numbered as there) and choose the file again.`
            : `Every row is ready to send.`}
      </p>
      {preview.file_problems.length > 0 && (
        <ul className="batch-file-problems">
          {preview.file_problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {preview.rows.length > 0 && (
        <>
          {preview.rows_with_problems > 0 && (
            <label className="check">
              <input
                type="checkbox"
                checked={onlyProblems}
                onChange={(e) => {
                  setOnlyProblems(e.target.checked);
                  setPage(0);
                }}
              />{' '}
              Only rows with problems
            </label>
          )}
          <div className="table-wrap">
            <table className="data-table stack-narrow">
              <caption className="visually-hidden">Rows of {fileName}</caption>
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Connection</th>
                  {preview.attributes.map((a) => (
                    <th scope="col" key={a}>
                      {labelOf(a)}
                    </th>
                  ))}
                  <th scope="col">Check</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((row) => (
                  <tr key={row.index} className={row.problems.length > 0 ? 'row-problem' : undefined}>
                    <td data-label="Row">{row.index}</td>
                    <td data-label="Connection">{row.connection_label ?? row.connection}</td>
                    {row.attributes.map((a) => (
                      <td key={a.name} data-label={labelOf(a.name)} className="batch-value">
                        {formatValue(a.name, a.value)}
                      </td>
                    ))}
                    <td data-label="Check">
                      {row.problems.length === 0 && row.warnings.length === 0 ? (
                        <span className="muted">Ready</span>
                      ) : (
                        <ul className="batch-problems">
                          {row.problems.map((p) => (
                            <li key={p}>
                              <strong>Problem:</strong> {p}
                            </li>
                          ))}
                          {row.warnings.map((w) => (
                            <li key={w}>
                              <strong>Note:</strong> {w}
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} total={rows.length} perPage={PAGE} onPage={setPage} label="Rows of the file" />
        </>
      )}
    </section>
  );
}
