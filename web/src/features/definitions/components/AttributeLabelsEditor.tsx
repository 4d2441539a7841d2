import {
  ATTRIBUTE_KINDS,
  ATTRIBUTE_KIND_NAMES,
  consoleApiRefs,
  derivedLabel,
  kindOf,
  labelsFromOca,
  type AttributeKind,
  type AttributeLabel,
  type OwnCredDef,
} from '@credence/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SubmitError } from '../../../components/exchange-form/SubmitError';
import { isApiError } from '../../../lib/api';
import { callApi } from '../../../lib/api-client';
import { attributeLabelQueries } from '../../../lib/attribute-labels';
import { toast } from '../../../lib/toast-store';

interface AttributeLabelsEditorProps {
  definition: OwnCredDef;
  name: string;
  /** The labels saved now (empty: none yet). */
  saved: readonly AttributeLabel[];
  onClose: () => void;
}

type Rows = { name: string; label: string; kind: AttributeKind }[];

const rowsOf = (definition: OwnCredDef, saved: readonly AttributeLabel[]): Rows =>
  definition.attributes.map((name) => {
    const set = saved.find((a) => a.name === name);
    return { name, label: set?.label ?? '', kind: set?.kind ?? kindOf(name) };
  });

/** A small file's text (FileReader: every browser, and the test's DOM). */
const readText = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file);
  });

/** What an import did, in a sentence or two. */
function importSummary(rows: Rows, result: { language?: string; missing: string[]; extra: string[] }): string {
  const labelled = rows.filter((r) => r.label !== '').length;
  const parts = [`Imported ${labelled} label${labelled === 1 ? '' : 's'}${result.language ? ` (language: ${result.language})` : ''} and the kinds.`];
  if (result.missing.length)
    parts.push(
      `The bundle says nothing of ${result.missing.join(', ')}: ${result.missing.length === 1 ? 'its label is' : 'their labels are'} derived from the name.`,
    );
  if (result.extra.length) parts.push(`Not in this credential, so left out: ${result.extra.join(', ')}.`);
  return `${parts.join(' ')} Check them, then save.`;
}

/**
 * An admin's labels and kinds for one credential definition's attributes: typed, or imported from an OCA
 * bundle (Aries RFC 0755, what BC Wallet reads). An empty label means "derived from the name" (shown
 * as the placeholder). Saved for everyone at once; the change is in the audit log.
 */
export function AttributeLabelsEditor({ definition, name, saved, onClose }: AttributeLabelsEditorProps) {
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<Rows>(() => rowsOf(definition, saved));
  const [source, setSource] = useState<'manual' | 'oca'>('manual');
  const [imported, setImported] = useState<{ ok: true; text: string } | { ok: false; problems: string[] }>();
  const mutation = useMutation({
    meta: { showsOwnErrors: true },
    mutationFn: () => callApi(consoleApiRefs.setAttributeLabels, { body: { cred_def_id: definition.credDefId, attributes: rows, source } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: attributeLabelQueries.all() });
      toast.success(`Labels of ${name} saved`);
      onClose();
    },
  });
  const change = (index: number, patch: Partial<Rows[number]>) => {
    setSource('manual');
    setRows((current) => current.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  };
  const importFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > 1_000_000) {
      setImported({ ok: false, problems: ['The file is over 1 MB: an OCA bundle is a few KB.'] });
      return;
    }
    let text: string;
    try {
      text = await readText(file);
    } catch (error) {
      setImported({ ok: false, problems: [error instanceof Error ? error.message : 'The file could not be read.'] });
      return;
    }
    // Labels in the browser's language when the bundle has it, else English (decision 022).
    const result = labelsFromOca(text, definition.attributes, navigator.language.split('-')[0] || 'en');
    if (!result.ok) {
      setImported({ ok: false, problems: result.problems });
      return;
    }
    const next = result.value.attributes.map((a) => ({ ...a }));
    setRows(next);
    setSource('oca');
    setImported({ ok: true, text: importSummary(next, result.value) });
  };
  const base = `labels-${definition.credDefId.replace(/[^A-Za-z0-9]/g, '-')}`;

  return (
    <section className="card labels-editor" aria-labelledby={`${base}-title`}>
      <h3 id={`${base}-title`}>Labels of {name}</h3>
      <p className="muted small">
        How each value is named and entered on the offer forms and the counter. An empty label is derived from the attribute’s name. The agent and the person’s
        wallet still receive the attribute’s name.
      </p>
      <div className="field">
        <label htmlFor={`${base}-oca`}>Import from an OCA bundle (JSON, optional)</label>
        <input id={`${base}-oca`} type="file" accept=".json,application/json" onChange={(e) => void importFile(e.target.files?.[0])} />
        {imported?.ok && (
          <p className="callout callout-success small" role="status">
            {imported.text}
          </p>
        )}
        {imported && !imported.ok && (
          <div className="field-error" role="alert">
            <p>This file is not an OCA bundle for this credential; nothing was imported.</p>
            <ul>
              {imported.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <table className="data-table compact stack-narrow labels-table">
        <caption className="visually-hidden">Labels and kinds of the attributes of {name}</caption>
        <thead>
          <tr>
            <th scope="col">Attribute</th>
            <th scope="col">Label</th>
            <th scope="col">Kind</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={row.name}>
              <td data-label="Attribute" className="mono break">
                {row.name}
              </td>
              <td data-label="Label">
                <input
                  aria-label={`Label of ${row.name}`}
                  value={row.label}
                  maxLength={100}
                  placeholder={derivedLabel(row.name)}
                  onChange={(e) => change(index, { label: e.target.value })}
                />
              </td>
              <td data-label="Kind">
                <select aria-label={`Kind of ${row.name}`} value={row.kind} onChange={(e) => change(index, { kind: e.target.value as AttributeKind })}>
                  {ATTRIBUTE_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {ATTRIBUTE_KIND_NAMES[k]}
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <SubmitError message={mutation.error?.message} status={isApiError(mutation.error) ? mutation.error.status : undefined} />
      <div className="form-buttons">
        <button type="button" className="button primary" disabled={mutation.isPending} onClick={() => mutation.mutate()}>
          {mutation.isPending ? 'Saving…' : 'Save labels'}
        </button>
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </section>
  );
}
