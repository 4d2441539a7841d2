import type { ValuesErased } from '@credence/shared';
import { useIntlInUse, useT } from '../../i18n/use-t';

/** "Values erased on 3 March 2027: kept 365 days after the exchange ended" on a register row whose values are gone (decision 039). */
export function ValuesErasedNote({ erased }: { erased: ValuesErased }) {
  const t = useT();
  const date = useIntlInUse().formatDate(erased.at, { dateStyle: 'long' });
  return (
    <span className="muted small">
      {erased.reason === 'retention' && erased.days !== null ? t('erased.retention', { date, days: erased.days }) : t('erased.request', { date })}
    </span>
  );
}
