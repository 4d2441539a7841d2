import type { ProofTemplate } from '@credence/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { proofTemplateQueries, useReadTemplate } from '../../lib/proof-templates';

interface TemplateChoiceProps {
  busy: boolean;
  /** The template the page's address names (`?template=`), chosen as the page opens. */
  initial?: string | undefined;
  onSubmit: (template: ProofTemplate) => void;
}

/** "Use a saved template": one of the verifiers' proof-request templates behind the QR code instead of the check below. */
export function TemplateChoice({ busy, initial, onSubmit }: TemplateChoiceProps) {
  const templates = useQuery(proofTemplateQueries.choices());
  const read = useReadTemplate();
  const [chosen, setChosen] = useState(initial ?? '');
  const template = templates.data?.find((t) => t.id === chosen);
  // A link to a template that is gone (or not readable) says so, rather than showing an empty choice as if it were the link's.
  const missing = initial !== undefined && chosen === initial && templates.isFetched && !template;
  const problem = missing && (
    <p className="callout callout-attention" role="status">
      The link names a proof template that no longer exists: choose another, or what to check below.
    </p>
  );
  // Nothing saved (or templates not readable): the check below is the only way, as before templates.
  if (!templates.data?.length) return problem || null;
  return (
    <form
      className="card counter-form"
      aria-labelledby="counter-template-title"
      onSubmit={(e) => {
        e.preventDefault();
        // The list has names only: the request is read as the QR code is made, so it is the latest version.
        if (template) read.mutate(template.id, { onSuccess: onSubmit });
      }}
    >
      <h2 id="counter-template-title">Use a saved template</h2>
      {problem}
      <div className="field">
        <label htmlFor="counter-template">Proof template</label>
        {/* Only a template on the list is ever the select's value: what it shows is what the QR code asks. */}
        <select id="counter-template" aria-describedby="counter-template-hint" value={template ? chosen : ''} onChange={(e) => setChosen(e.target.value)}>
          <option value="">Choose a saved request</option>
          {templates.data.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
        <p id="counter-template-hint" className="hint">
          {template?.description ?? 'The request is asked as it was saved, including which issuers it accepts. Or choose what to check below.'}
        </p>
        {template?.asks && (
          <p className="counter-asks" aria-live="polite">
            Asks for: <strong>{template.asks}</strong>
          </p>
        )}
      </div>
      {read.error && (
        <p className="form-error" role="alert">
          The template could not be read: {read.error.message}
        </p>
      )}
      <div className="form-buttons">
        <button type="submit" className="button primary" disabled={busy || read.isPending || !template}>
          {busy || read.isPending ? 'Preparing…' : 'Show QR code for this template'}
        </button>
      </div>
    </form>
  );
}
