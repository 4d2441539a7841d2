import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Pager } from '../../components/exchange-list/Pager';
import { ErrorState } from '../../components/ui/ErrorState';
import { useFromHere } from '../../components/ui/BackLink';
import { formatDateTime, timeAgo } from '../../lib/format';
import { proofTemplateQueries } from '../../lib/proof-templates';
import './templates.css';

const SIZES = [25, 50, 100] as const;
const DEFAULT_SIZE = 25;

/** The page of the list in the address (`?offset=25&size=50`); anything else is the first page of 25. */
function pageOf(search: URLSearchParams): { limit: number; offset: number } {
  const size = Number(search.get('size'));
  const offset = Number(search.get('offset'));
  return {
    limit: (SIZES as readonly number[]).includes(size) ? size : DEFAULT_SIZE,
    offset: Number.isInteger(offset) && offset > 0 && offset <= 10_000_000 ? offset : 0,
  };
}

/** /templates: the proof requests verifiers saved under a name, shared by all of them, a page at a time. */
export function TemplatesPage() {
  const [search, setSearch] = useSearchParams();
  const page = pageOf(search);
  const list = useQuery({ ...proofTemplateQueries.list(page), placeholderData: keepPreviousData });
  const fromHere = useFromHere('Proof templates');
  const go = (next: { limit: number; offset: number }) =>
    setSearch(() => {
      const params = new URLSearchParams();
      if (next.offset > 0) params.set('offset', String(next.offset));
      if (next.limit !== DEFAULT_SIZE) params.set('size', String(next.limit));
      return params;
    });
  return (
    <section aria-labelledby="templates-title">
      <div className="page-head">
        <h1 id="templates-title">Proof templates</h1>
        <p className="muted">Proof requests saved under a name, shared by every verifier. Use one to ask a connection, or at the counter.</p>
        <div className="page-actions">
          <Link to="/presentations/new" className="button primary">
            Build a new request
          </Link>
        </div>
      </div>
      {list.isPending ? (
        <div className="state-panel" aria-busy="true">
          Loading templates…
        </div>
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      ) : list.data.total === 0 ? (
        <div className="state-panel">
          <h2>No templates yet</h2>
          <p>Build a proof request, then choose “Save as template…” to keep it here for everyone.</p>
        </div>
      ) : list.data.results.length === 0 ? (
        <div className="state-panel">
          <h2>Nothing on this page</h2>
          <p>There are {list.data.total.toLocaleString('en')} templates; this page is past the last of them.</p>
          <Link to="/templates">First page</Link>
        </div>
      ) : (
        <>
          <div className="table-wrap">
            <table className="data-table stack-narrow">
              <caption className="visually-hidden">Proof templates ({list.data.total})</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Asks for</th>
                  <th scope="col">Version</th>
                  <th scope="col">Last changed</th>
                </tr>
              </thead>
              <tbody>
                {list.data.results.map((t) => (
                  <tr key={t.id}>
                    <td data-label="Name">
                      <div className="template-name">
                        <Link to={`/templates/${t.id}`} state={fromHere}>
                          {t.name}
                        </Link>
                        {t.description && <div className="muted small">{t.description}</div>}
                      </div>
                    </td>
                    <td data-label="Asks for">{t.asks}</td>
                    <td data-label="Version">{t.version}</td>
                    <td data-label="Last changed">
                      <span>
                        <span title={formatDateTime(t.updated_at)}>{timeAgo(t.updated_at)}</span> by {t.updated_by}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {list.data.total > page.limit || page.offset > 0 ? (
            <Pager
              offset={page.offset}
              size={page.limit}
              rowsOnPage={list.data.results.length}
              hasNext={page.offset + list.data.results.length < list.data.total}
              busy={list.isPlaceholderData}
              total={list.data.total}
              sizes={SIZES}
              onOffset={(offset) => go({ ...page, offset })}
              onSize={(limit) => go({ limit, offset: 0 })}
            />
          ) : null}
        </>
      )}
    </section>
  );
}
