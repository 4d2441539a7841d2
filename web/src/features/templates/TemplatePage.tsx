import { templateNameSchema, type ProofTemplate, type ProofTemplateVersionSummary } from '@credence/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { BackLink } from '../../components/ui/BackLink';
import { Dialog } from '../../components/ui/Dialog';
import { ErrorState } from '../../components/ui/ErrorState';
import { isApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { applyServerErrors } from '../../lib/form-errors';
import { proofTemplateQueries, useDeleteTemplate, useSaveTemplate } from '../../lib/proof-templates';
import { toast } from '../../lib/toast-store';
import { RequestSummary } from './RequestSummary';
import './templates.css';

const BACK = { href: '/templates', label: 'Proof templates' };

/** /templates/:templateId: one template — what it asks for, use it, rename or describe it, its versions, delete. */
export function TemplatePage() {
  const { templateId = '' } = useParams();
  const [deleted, setDeleted] = useState(false);
  const template = useQuery({ ...proofTemplateQueries.detail(templateId), enabled: !deleted });
  if (template.isPending)
    return (
      <div className="state-panel" aria-busy="true">
        Loading the template…
      </div>
    );
  if (template.isError) {
    if (isApiError(template.error, 404) || isApiError(template.error, 400))
      return (
        <>
          <BackLink fallback={BACK} />
          <div className="state-panel">
            <h1>No proof template with this id</h1>
            <p>It may have been deleted, or the address is mistyped.</p>
            <Link to="/templates">All proof templates</Link>
          </div>
        </>
      );
    return <ErrorState error={template.error} onRetry={() => template.refetch()} />;
  }
  const t = template.data;
  return (
    <section aria-labelledby="template-title" className="template-page">
      <BackLink fallback={BACK} />
      <div className="page-head">
        <h1 id="template-title">{t.name}</h1>
        <p className="muted">
          Version {t.version} · changed {formatDateTime(t.updated_at)} by {t.updated_by}
        </p>
        <div className="page-actions">
          <Link to={`/presentations/new?template=${t.id}`} className="button primary">
            Open in the request builder
          </Link>
          <DeleteTemplate template={t} onDeleted={() => setDeleted(true)} />
        </div>
      </div>
      <p className="muted">In the builder you choose whom to ask and send it, or change what it asks for and save it here as the next version.</p>
      <div className="template-columns">
        <section className="card" aria-labelledby="template-asks-title">
          <h2 id="template-asks-title">What it asks for</h2>
          <RequestSummary request={t.presentation_request} rules={t.rules} />
        </section>
        <DetailsForm key={t.version} template={t} onReload={() => void template.refetch()} />
      </div>
      <Versions template={t} />
    </section>
  );
}

const detailsSchema = z.object({ name: templateNameSchema, description: z.string().trim().max(1_000, 'Use at most 1,000 characters') });
type DetailsValues = z.infer<typeof detailsSchema>;

/** Name and description; saving makes the next version (the request unchanged). */
function DetailsForm({ template, onReload }: { template: ProofTemplate; onReload: () => void }) {
  const save = useSaveTemplate();
  const form = useForm<DetailsValues>({
    resolver: zodResolver(detailsSchema),
    defaultValues: { name: template.name, description: template.description ?? '' },
  });
  const { register, handleSubmit, setError, formState } = form;
  const errors = formState.errors;
  const stale = isApiError(save.error, 409) && save.error.fieldErrors.some((e) => e.path === 'body.version');
  const submit = handleSubmit((values) =>
    save.mutate(
      { id: template.id, body: { ...values, presentation_request: template.presentation_request, version: template.version } },
      {
        onSuccess: (saved) => toast.success(`Saved as version ${saved.version}`),
        onError: (error) => applyServerErrors(error, setError, (path) => (path === 'name' || path === 'description' ? path : '')),
      },
    ),
  );
  return (
    <form className="card" aria-labelledby="template-details-title" noValidate onSubmit={(e) => void submit(e)}>
      <h2 id="template-details-title">Name and description</h2>
      <div className="field">
        <label htmlFor="template-name">Name</label>
        <input
          id="template-name"
          autoComplete="off"
          aria-invalid={!!errors.name}
          aria-describedby={errors.name ? 'template-name-error' : undefined}
          {...register('name')}
        />
        {errors.name && (
          <p id="template-name-error" className="field-error">
            {errors.name.message}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor="template-description">Description (optional)</label>
        <textarea
          id="template-description"
          rows={3}
          aria-invalid={!!errors.description}
          aria-describedby={errors.description ? 'template-description-error' : undefined}
          {...register('description')}
        />
        {errors.description && (
          <p id="template-description-error" className="field-error">
            {errors.description.message}
          </p>
        )}
      </div>
      {errors.root && (
        <div className="form-error" role="alert">
          <p>{errors.root.message}</p>
          {stale && (
            <button type="button" className="button" onClick={onReload}>
              Show the latest version
            </button>
          )}
        </div>
      )}
      <div className="form-buttons">
        <button type="submit" className="button primary" disabled={save.isPending || !formState.isDirty}>
          {save.isPending ? 'Saving…' : `Save as version ${template.version + 1}`}
        </button>
      </div>
    </form>
  );
}

/** The kept versions, newest first, ten at a time; each one's request is read when it is opened. */
function Versions({ template }: { template: ProofTemplate }) {
  const versions = useInfiniteQuery(proofTemplateQueries.versions(template.id));
  const shown = versions.data?.pages.flatMap((page) => page.results) ?? [];
  const total = versions.data?.pages.at(-1)?.total;
  return (
    <section className="card" aria-labelledby="template-versions-title">
      <h2 id="template-versions-title">Versions</h2>
      {versions.isPending ? (
        <p aria-busy="true">Loading the versions…</p>
      ) : versions.isError ? (
        <p className="field-error">The versions could not be read: {versions.error.message}</p>
      ) : (
        <>
          <ul className="template-versions">
            {shown.map((v) => (
              <li key={v.version}>
                <VersionDetails template={template} version={v} />
              </li>
            ))}
          </ul>
          {total !== undefined && total < template.version && !versions.hasNextPage && (
            <p className="muted small">Only the newest {total} versions are kept.</p>
          )}
          {versions.hasNextPage && (
            <button type="button" className="button" disabled={versions.isFetchingNextPage} onClick={() => void versions.fetchNextPage()}>
              {versions.isFetchingNextPage ? 'Loading…' : `Show older versions (${shown.length} of ${total ?? '…'} shown)`}
            </button>
          )}
        </>
      )}
    </section>
  );
}

function VersionDetails({ template, version: v }: { template: ProofTemplate; version: ProofTemplateVersionSummary }) {
  const [open, setOpen] = useState(false);
  const full = useQuery({ ...proofTemplateQueries.version(template.id, v.version), enabled: open });
  return (
    <details onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        Version {v.version}
        {v.version === template.version && ' (current)'} · {formatDateTime(v.saved_at)} by {v.saved_by}
        {v.name !== template.name && ` · named “${v.name}”`}
      </summary>
      {v.description && <p>{v.description}</p>}
      {full.data ? (
        <RequestSummary request={full.data.presentation_request} rules={full.data.rules} />
      ) : full.isError ? (
        <p className="field-error">This version could not be read: {full.error.message}</p>
      ) : (
        open && <p aria-busy="true">Loading…</p>
      )}
    </details>
  );
}

function DeleteTemplate({ template, onDeleted }: { template: ProofTemplate; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteTemplate();
  const navigate = useNavigate();
  return (
    <>
      <button type="button" className="button danger" onClick={() => setOpen(true)}>
        Delete…
      </button>
      <Dialog open={open} title={`Delete “${template.name}”?`} onClose={() => setOpen(false)}>
        <p>Nobody can use it any more. Requests already sent from it are not affected.</p>
        {remove.error && (
          <p className="form-error" role="alert">
            {remove.error.message}
          </p>
        )}
        <div className="form-buttons">
          <button
            type="button"
            className="button danger"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(template.id, {
                onSuccess: () => {
                  onDeleted();
                  toast.success(`Template “${template.name}” deleted`);
                  void navigate('/templates');
                },
              })
            }
          >
            {remove.isPending ? 'Deleting…' : 'Delete template'}
          </button>
          <button type="button" className="button" onClick={() => setOpen(false)}>
            Keep it
          </button>
        </div>
      </Dialog>
    </>
  );
}
