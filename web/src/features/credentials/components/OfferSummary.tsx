import { formatValue, kindOf, labelOf, type AttributeLabel } from '@credence/shared';

interface OfferSummaryProps {
  to: string | undefined;
  credential: string | undefined;
  values: readonly { name: string; value: string }[];
  labels: readonly AttributeLabel[];
  mode: 'send' | 'create';
}

/** What the offer says, in the clerk's words: who receives it, which credential, each value as the person will read it. */
export function OfferSummary({ to, credential, values, labels, mode }: OfferSummaryProps) {
  const missing = <span className="muted">Not chosen yet</span>;
  return (
    <aside className="card offer-summary" aria-labelledby="offer-summary-title">
      <h2 id="offer-summary-title">The offer</h2>
      <dl className="offer-summary-list">
        <div>
          <dt>To</dt>
          <dd>{mode === 'create' ? 'Nobody yet (an offer record only)' : (to ?? missing)}</dd>
        </div>
        <div>
          <dt>Credential</dt>
          <dd>{credential ?? missing}</dd>
        </div>
        {values
          .filter((v) => v.name.trim() !== '')
          .map((v) => (
            <div key={v.name}>
              <dt>{labelOf(v.name, labels)}</dt>
              <dd>{v.value.trim() === '' ? <span className="muted">Not filled in</span> : formatValue(v.name, v.value, kindOf(v.name, labels))}</dd>
            </div>
          ))}
      </dl>
    </aside>
  );
}
