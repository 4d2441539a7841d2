import { useT } from '../../i18n/use-t';
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
  const t = useT();
  const first = rowsOnPage === 0 ? 0 : offset + 1;
  const last = offset + rowsOnPage;
  const counted = total === undefined ? undefined : t('pager.counted', { first, last, total, capped: totalCapped ? 'yes' : 'no' });
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      <p className="muted" aria-live="polite">
        {rowsOnPage === 0 ? t('pager.none') : (counted ?? t('pager.uncounted', { first, last, more: hasNext ? 'yes' : 'no' }))}
      </p>
      <div className="pager-controls">
        <label htmlFor="page-size">{t('pager.perPage')}</label>
        <select id="page-size" value={size} onChange={(e) => onSize(Number(e.target.value))}>
          {sizes.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        <button type="button" className="button" disabled={offset === 0 || busy} onClick={() => onOffset(Math.max(0, offset - size))}>
          {t('pager.previous')}
        </button>
        <button type="button" className="button" disabled={!hasNext || busy} onClick={() => onOffset(offset + size)}>
          {t('pager.next')}
        </button>
      </div>
    </nav>
  );
}
