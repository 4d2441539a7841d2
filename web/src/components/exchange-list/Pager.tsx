import { PAGE_SIZES } from './list-params';

interface PagerProps {
  offset: number;
  size: number;
  rowsOnPage: number;
  hasNext: boolean;
  busy: boolean;
  onOffset: (offset: number) => void;
  onSize: (size: number) => void;
  /** When the source counts its rows (the register): shown as "1–25 of 120". */
  total?: number;
  /** More match than `total`: shown as "550+". */
  totalCapped?: boolean;
  sizes?: readonly number[];
}

/** Previous/next paging: the agent gives no total, so the pager knows only whether a next page exists; the register does. */
export function Pager({ offset, size, rowsOnPage, hasNext, busy, onOffset, onSize, total, totalCapped = false, sizes = PAGE_SIZES }: PagerProps) {
  const first = rowsOnPage === 0 ? 0 : offset + 1;
  const counted = total === undefined ? undefined : `${first}–${offset + rowsOnPage} of ${total.toLocaleString('en')}${totalCapped ? '+' : ''}`;
  return (
    <nav className="pager" aria-label="Pages">
      <p className="muted" aria-live="polite">
        {rowsOnPage === 0 ? 'No records' : (counted ?? `Records ${first}–${offset + rowsOnPage}${hasNext ? ' (more on the next page)' : ''}`)}
      </p>
      <div className="pager-controls">
        <label htmlFor="page-size">Per page</label>
        <select id="page-size" value={size} onChange={(e) => onSize(Number(e.target.value))}>
          {sizes.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        <button type="button" className="button" disabled={offset === 0 || busy} onClick={() => onOffset(Math.max(0, offset - size))}>
          Previous
        </button>
        <button type="button" className="button" disabled={!hasNext || busy} onClick={() => onOffset(offset + size)}>
          Next
        </button>
      </div>
    </nav>
  );
}
