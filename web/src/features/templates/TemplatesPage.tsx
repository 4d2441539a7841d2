import { templateAsks } from '@credence/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorState } from '../../components/ui/ErrorState';
import { useFromHere } from '../../components/ui/BackLink';
import { formatDateTime, timeAgo } from '../../lib/format';
import { proofTemplateQueries } from '../../lib/proof-templates';
import './templates.css';

/** /templates: the proof requests verifiers saved under a name, shared by all of them. */
export function TemplatesPage() {
  const list = useQuery(proofTemplateQueries.list());
  const fromHere = useFromHere('Proof templates');
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
      ) : list.data.length === 0 ? (
        <div className="state-panel">
          <h2>No templates yet</h2>
          <p>Build a proof request, then choose “Save as template…” to keep it here for everyone.</p>
        </div>
      ) : (
        <div className="table-wrap">
          <table className="data-table stack-narrow">
            <caption className="visually-hidden">Proof templates ({list.data.length})</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Asks for</th>
                <th scope="col">Version</th>
                <th scope="col">Last changed</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((t) => (
                <tr key={t.id}>
                  <td data-label="Name">
                    <div className="template-name">
                      <Link to={`/templates/${t.id}`} state={fromHere}>
                        {t.name}
                      </Link>
                      {t.description && <div className="muted small">{t.description}</div>}
                    </div>
                  </td>
                  <td data-label="Asks for">{templateAsks(t.presentation_request)}</td>
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
      )}
    </section>
  );
}
