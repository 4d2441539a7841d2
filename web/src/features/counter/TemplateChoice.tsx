import type { ProofTemplate } from '@credence/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { proofTemplateQueries, useReadTemplate } from '../../lib/proof-templates';

/** "Use a saved template": one of the verifiers' proof-request templates behind the QR code instead of the check below. */
export function TemplateChoice({ busy, onSubmit }: { busy: boolean; onSubmit: (template: ProofTemplate) => void }) {
  const templates = useQuery(proofTemplateQueries.choices());
  const read = useReadTemplate();
  const [chosen, setChosen] = useState('');
  const template = templates.data?.find((t) => t.id === chosen);
  // Nothing saved (or templates not readable): the check below is the only way, as before templates.
  if (!templates.data?.length) return null;
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
      <div className="field">
        <label htmlFor="counter-template">Proof template</label>
        <select id="counter-template" aria-describedby="counter-template-hint" value={chosen} onChange={(e) => setChosen(e.target.value)}>
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
