import { credDefIdOf, credentialPreviewOf, schemaIdOf, type CredExDetail, type OwnCredDef } from '@credence/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SubmitError } from '../../../components/exchange-form/SubmitError';
import { isApiError } from '../../../lib/api';
import { consoleConfigQueries } from '../../../lib/console-config';
import { ownCredDefLabel, useOwnCredDefs } from '../../../lib/own-definitions';
import { toast } from '../../../lib/toast-store';
import { useProposalAnswer } from '../mutations';
import { counterOfferBody, proposalStart, type ProposalDraft } from '../proposal-review';

/**
 * A holder's proposal, reviewed before anything is offered: the definition (this agent's own, the
 * proposed one chosen when it is ours) and every attribute value, editable. Unchanged, it goes out as
 * proposed; changed, as a counter-offer (`filter` + `counter_preview`).
 */
export function ProposalReview({ detail }: { detail: CredExDetail }) {
  const walletType = useQuery(consoleConfigQueries.current()).data?.wallet.type ?? null;
  const definitions = useOwnCredDefs(walletType);
  const record = detail.cred_ex_record;
  const proposed = { credDefId: credDefIdOf(record), schemaId: schemaIdOf(record), attributes: credentialPreviewOf(record)?.attributes ?? [] };
  const [draft, setDraft] = useState<ProposalDraft | undefined>();
  const answer = useProposalAnswer(record.cred_ex_id);
  if (definitions.isPending) return <p aria-busy="true">Loading this agent’s credential definitions…</p>;
  const current = draft ?? proposalStart(proposed, definitions.data ?? []);
  const chosen = definitions.data?.find((d) => d.credDefId === current.credDefId);
  const body = counterOfferBody(proposed, current, chosen);
  const empty = current.attributes.some((a) => a.value.trim() === '');

  const pick = (credDefId: string) => {
    const definition: OwnCredDef | undefined = definitions.data?.find((d) => d.credDefId === credDefId);
    const values = new Map(current.attributes.map((a) => [a.name, a.value]));
    setDraft({
      credDefId,
      attributes: definition ? definition.attributes.map((name) => ({ name, value: values.get(name) ?? '' })) : current.attributes,
    });
  };

  return (
    <section className="card proposal-review" aria-labelledby="proposal-title">
      <h2 id="proposal-title">Review the proposal</h2>
      <p className="muted">The holder proposed this credential. Check it, change what is wrong, then offer it.</p>
      <div className="field">
        <label htmlFor="proposal-definition">Credential definition</label>
        <select id="proposal-definition" value={current.credDefId} onChange={(e) => pick(e.target.value)}>
          {!chosen && <option value={current.credDefId}>{current.credDefId ? `${current.credDefId} (not one of ours)` : 'Choose one'}</option>}
          {definitions.data?.map((d) => (
            <option key={d.credDefId} value={d.credDefId}>
              {ownCredDefLabel(d)}
            </option>
          ))}
        </select>
      </div>
      <table className="attribute-table">
        <thead>
          <tr>
            <th scope="col">Attribute</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {current.attributes.map((a, index) => (
            <tr key={a.name}>
              <td>{a.name}</td>
              <td>
                <input
                  aria-label={`Value of ${a.name}`}
                  value={a.value}
                  aria-invalid={a.value.trim() === ''}
                  onChange={(e) =>
                    setDraft({ ...current, attributes: current.attributes.map((row, i) => (i === index ? { ...row, value: e.target.value } : row)) })
                  }
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {empty && <p className="field-error">Every attribute needs a value.</p>}
      <SubmitError message={answer.error?.message} status={isApiError(answer.error) ? answer.error.status : undefined} />
      <div className="form-buttons">
        <button
          type="button"
          className="button primary"
          disabled={answer.isPending || empty || !current.credDefId}
          onClick={() => answer.mutate(body, { onSuccess: () => toast.success(body.counter_preview ? 'Counter-offer sent' : 'Offer sent as proposed') })}
        >
          {body.counter_preview ? 'Send counter-offer' : 'Offer as proposed'}
        </button>
      </div>
    </section>
  );
}
