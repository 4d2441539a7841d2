import { formatValue, kindOf, labelOf, type AttributeLabel } from '@credence/shared';
import { useT } from '../../../i18n/use-t';

interface OfferSummaryProps {
  to: string | undefined;
  credential: string | undefined;
  values: readonly { name: string; value: string }[];
  labels: readonly AttributeLabel[];
  mode: 'send' | 'create';
}

/** What the offer says, in the clerk's words: who receives it, which credential, each value as the person will read it. */
export function OfferSummary({ to, credential, values, labels, mode }: OfferSummaryProps) {
  const t = useT();
  const missing = <span className="muted">{t('offer.summary.notChosen')}</span>;
  return (
    <aside className="card offer-summary" aria-labelledby="offer-summary-title">
      <h2 id="offer-summary-title">{t('offer.summary.title')}</h2>
      <dl className="offer-summary-list">
        <div>
          <dt>{t('offer.summary.to')}</dt>
          <dd>{mode === 'create' ? t('offer.summary.nobodyYet') : (to ?? missing)}</dd>
        </div>
        <div>
          <dt>{t('offer.summary.credential')}</dt>
          <dd>{credential ?? missing}</dd>
        </div>
        {values
          .filter((v) => v.name.trim() !== '')
          .map((v) => (
            <div key={v.name}>
              <dt>{labelOf(v.name, labels)}</dt>
              <dd>
                {v.value.trim() === '' ? <span className="muted">{t('offer.summary.notFilled')}</span> : formatValue(v.name, v.value, kindOf(v.name, labels))}
              </dd>
            </div>
          ))}
      </dl>
    </aside>
  );
}
