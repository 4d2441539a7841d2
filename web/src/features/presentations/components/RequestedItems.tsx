import type { OwnCredDef, PresExRecord } from '@credence/shared';
import { ScrollRegion } from '../../../components/ui/ScrollRegion';
import { formatDateTime } from '../../../lib/format';
import { ANSWER_HEADINGS, PREDICATE_ANSWERS, presentationStage } from '../presentation-view';
import { proofRequestOf, requestedItems, type LabelsFor, type RequestedItem } from '../request-view';
import { restrictionDescriber } from '../restriction-words';

/** How each item is answered, in a clerk's words. */
const KIND_WORDS: Record<RequestedItem['kind'], string> = { attribute: 'Shown', predicate: 'Proved without showing the value' };

/** What the request asks for, referent by referent, and what the presentation answered. */
export function RequestedItems({ record, labelsFor, own }: { record: PresExRecord; labelsFor?: LabelsFor; own?: readonly OwnCredDef[] }) {
  const found = proofRequestOf(record);
  if (!found) return null;
  const items = requestedItems(record, labelsFor, restrictionDescriber(record, own, labelsFor));
  const window = found.request.non_revoked;
  const stage = presentationStage(record);
  return (
    <section className="card" aria-labelledby="requested-title">
      {/* The request's format and version are under Technical details. */}
      <h2 id="requested-title">{found.request.name ?? 'Requested'}</h2>
      {window && (
        <p className="muted">
          Not revoked between {window.from !== undefined ? formatDateTime(new Date(window.from * 1000).toISOString()) : 'any time'} and{' '}
          {window.to !== undefined ? formatDateTime(new Date(window.to * 1000).toISOString()) : 'now'}.
        </p>
      )}
      {stage === 'claimed' && (
        <p className="callout callout-attention">
          These values are what the wallet <strong>claims</strong>: they are not proved until the presentation is verified.
        </p>
      )}
      <ScrollRegion label="What was asked and answered">
        <table className="data-table compact stack-narrow">
          <thead>
            <tr>
              <th scope="col">Asked for</th>
              <th scope="col">How</th>
              <th scope="col">From</th>
              <th scope="col">{ANSWER_HEADINGS[stage]}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={`${item.kind}-${item.referent}`}>
                {/* The referent (0_name_uuid) is the request's own key: in the raw record, not the clerk's words. */}
                <td data-label="Asked for">{item.asked}</td>
                <td data-label="How">{KIND_WORDS[item.kind]}</td>
                <td data-label="From">
                  <div>{item.restrictions.length ? item.restrictions.map((r) => <div key={r}>{r}</div>) : <span className="muted">Any credential</span>}</div>
                </td>
                <td data-label={ANSWER_HEADINGS[stage]}>
                  <span>{item.answer ?? (item.answered ? PREDICATE_ANSWERS[stage] : undefined) ?? <span className="muted">—</span>}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
