import type { ProofTemplate } from '@credence/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { proofTemplateQueries, useReadTemplate } from '../../../lib/proof-templates';

interface TemplateStartProps {
  /** The template the request was last filled from. */
  current: ProofTemplate | undefined;
  /** Fields the builder could not show from that template. */
  unshown: string[];
  onUse: (template: ProofTemplate) => void;
}

/** "Start from a template": one of the saved requests fills the builder; whom it goes to and the options stay. */
export function TemplateStart({ current, unshown, onUse }: TemplateStartProps) {
  const templates = useQuery(proofTemplateQueries.choices());
  const read = useReadTemplate();
  const [chosen, setChosen] = useState('');
  const template = templates.data?.find((t) => t.id === (chosen || current?.id));
  return (
    <section className="card" aria-labelledby="req-template-title">
      <h2 id="req-template-title">Start from a template</h2>
      {templates.data?.length === 0 ? (
        <p className="muted">
          No saved templates yet. Build the request below and keep it with “Save as template…”. <Link to="/templates">Proof templates</Link>
        </p>
      ) : (
        <div>
          <div className="field">
            <label htmlFor="req-template">Template</label>
            <select id="req-template" aria-describedby="req-template-hint" value={template?.id ?? ''} onChange={(e) => setChosen(e.target.value)}>
              <option value="">{templates.isPending ? 'Loading…' : 'Choose a saved request'}</option>
              {templates.data?.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
            <p id="req-template-hint" className="muted">
              Replaces the request’s name, formats, attributes and predicates below. Whom it goes to and the options stay.
            </p>
          </div>
          <button
            type="button"
            className="button"
            disabled={!template || read.isPending}
            onClick={() => template && read.mutate(template.id, { onSuccess: onUse })}
          >
            {read.isPending ? 'Reading the template…' : 'Fill in from template'}
          </button>
        </div>
      )}
      {templates.error && <p className="field-error">The templates could not be read: {templates.error.message}</p>}
      {read.error && <p className="field-error">The template could not be read: {read.error.message}</p>}
      {current && (
        <p className="muted" role="status">
          Working from the template “{current.name}”, version {current.version}.
          {unshown.length > 0 && ` Not shown here, and left out if you send: ${unshown.join('; ')}.`}
        </p>
      )}
    </section>
  );
}
