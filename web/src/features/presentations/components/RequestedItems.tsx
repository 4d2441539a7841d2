import type { PresExRecord } from '@credence/shared';
import { ScrollRegion } from '../../../components/ui/ScrollRegion';
import { formatDateTime } from '../../../lib/format';
import { ANSWER_HEADINGS, PREDICATE_ANSWERS, presentationStage } from '../presentation-view';
import { proofRequestOf, requestedItems, type LabelsFor } from '../request-view';

/** What the request asks for, referent by referent, and what the presentation answered. */
export function RequestedItems({ record, labelsFor }: { record: PresExRecord; labelsFor?: LabelsFor }) {
  const found = proofRequestOf(record);
  if (!found) return null;
  const items = requestedItems(record, labelsFor);
  const window = found.request.non_revoked;
  const stage = presentationStage(record);
  return (
    <section className="card" aria-labelledby="requested-title">
      <h2 id="requested-title">
        {found.request.name ?? 'Requested'}{' '}
        <span className="muted small">
          ({found.format}, version {found.request.version ?? '?'})
        </span>
      </h2>
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
              <th scope="col">Kind</th>
              <th scope="col">Restrictions</th>
              <th scope="col">{ANSWER_HEADINGS[stage]}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={`${item.kind}-${item.referent}`}>
                {/* The referent (0_name_uuid) is the request's own key: in the raw record, not the clerk's words. */}
                <td data-label="Asked for">{item.asked}</td>
                <td data-label="Kind">{item.kind}</td>
                <td data-label="Restrictions">
                  <div>
                    {item.restrictions.length ? (
                      item.restrictions.map((r) => (
                        <div key={r} className="mono small">
                          {r}
                        </div>
                      ))
                    ) : (
                      <span className="muted">none</span>
                    )}
                  </div>
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
