import { formatCount } from '@credence/shared';
const n = formatCount;

/** "Rows 101–200 of 1,000" with the previous and next page. */
export function Pager({
  page,
  total,
  perPage,
  onPage,
  label,
}: {
  page: number;
  total: number;
  perPage: number;
  onPage: (page: number) => void;
  label: string;
}) {
  if (total <= perPage) return null;
  const first = page * perPage + 1;
  const last = Math.min(total, (page + 1) * perPage);
  return (
    <nav className="batch-pager" aria-label={label}>
      <button type="button" className="button" disabled={page === 0} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        Rows {n(first)}–{n(last)} of {n(total)}
      </span>
      <button type="button" className="button" disabled={last >= total} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
