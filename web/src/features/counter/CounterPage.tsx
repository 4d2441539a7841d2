import { agentApi, consoleApi, type InvitationLink, type OwnCredDef } from '@credence/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { SubmitError } from '../../components/exchange-form/SubmitError';
import { InvitationQr } from '../../components/ui/InvitationQr';
import { isApiError } from '../../lib/api';
import { callApi } from '../../lib/api-client';
import { consoleConfigQueries } from '../../lib/console-config';
import { pollWhileNotLive } from '../../lib/live-status';
import { ownCredDefLabel, useOwnCredDefs } from '../../lib/own-definitions';
import { invitationFetchedKey, presentationKeys } from '../../lib/query-keys';
import { counterStatus, type CounterStatus } from './counter-status';

interface Check {
  definition: OwnCredDef;
  attributes: string[];
}

/** A verifier at a counter: one proof request as a QR code, the result in large type, then the next person. */
export function CounterPage() {
  const config = useQuery(consoleConfigQueries.current()).data;
  const definitions = useOwnCredDefs(config?.wallet.type ?? null);
  const [chosenId, setChosenId] = useState('');
  const [attributes, setAttributes] = useState<string[]>([]);
  const chosen = definitions.data?.find((d) => d.credDefId === chosenId);
  const start = useMutation({
    mutationFn: async ({ definition, attributes }: Check) => {
      const request = {
        name: `${definition.schemaName} check`,
        version: '1.0',
        requested_attributes: Object.fromEntries(
          attributes.map((name, i) => [`${i}_${name}_uuid`, { name, restrictions: [{ cred_def_id: definition.credDefId }] }]),
        ),
        requested_predicates: {},
      };
      const record = await callApi(agentApi.createPresentationRequest, {
        body: { presentation_request: { [definition.format]: request }, auto_verify: true, comment: `Show your ${definition.schemaName}` },
      });
      const link = await callApi(consoleApi.invitationLink, {
        body: { attachment: { id: record.pres_ex_id, type: 'present-proof' }, goal: `Show your ${definition.schemaName}` },
      });
      return { presExId: record.pres_ex_id, link, check: { definition, attributes } };
    },
  });

  return (
    <section aria-labelledby="counter-title" className="counter-page">
      <Link to="/presentations">← Presentation exchanges</Link>
      <div className="page-head">
        <h1 id="counter-title">Check a credential at the counter</h1>
        <p className="muted">The person scans a QR code with their wallet app; the result shows here. No connection needed.</p>
      </div>
      {start.data ? (
        <CounterCheck
          key={start.data.presExId}
          presExId={start.data.presExId}
          link={start.data.link}
          sandbox={config?.mode === 'sandbox'}
          onNext={() => start.mutate(start.data.check)}
          onChange={() => start.reset()}
          starting={start.isPending}
        />
      ) : (
        <form
          className="card"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (chosen && attributes.length > 0) start.mutate({ definition: chosen, attributes });
          }}
        >
          <div className="field">
            <label htmlFor="counter-definition">Credential to check</label>
            <select
              id="counter-definition"
              value={chosenId}
              onChange={(e) => {
                setChosenId(e.target.value);
                setAttributes(definitions.data?.find((d) => d.credDefId === e.target.value)?.attributes.slice(0, 2) ?? []);
              }}
            >
              <option value="">{definitions.isPending ? 'Loading…' : 'Choose one of this agent’s credentials'}</option>
              {definitions.data?.map((d) => (
                <option key={d.credDefId} value={d.credDefId}>
                  {ownCredDefLabel(d)}
                </option>
              ))}
            </select>
          </div>
          {chosen && (
            <fieldset>
              <legend>What the person shows</legend>
              {chosen.attributes.map((name) => (
                <label className="check" key={name}>
                  <input
                    type="checkbox"
                    checked={attributes.includes(name)}
                    onChange={(e) => setAttributes(e.target.checked ? [...attributes, name] : attributes.filter((a) => a !== name))}
                  />{' '}
                  {name}
                </label>
              ))}
              {attributes.length === 0 && <p className="field-error">Choose at least one attribute.</p>}
            </fieldset>
          )}
          <SubmitError message={start.error?.message} status={isApiError(start.error) ? start.error.status : undefined} />
          <div className="form-buttons">
            <button type="submit" className="button primary" disabled={!chosen || attributes.length === 0 || start.isPending}>
              {start.isPending ? 'Preparing…' : 'Show QR code'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

interface CounterCheckProps {
  presExId: string;
  link: InvitationLink;
  sandbox: boolean;
  onNext: () => void;
  onChange: () => void;
  starting: boolean;
}

function CounterCheck({ presExId, link, sandbox, onNext, onChange, starting }: CounterCheckProps) {
  const fetched = useQuery({ queryKey: invitationFetchedKey(presExId), queryFn: () => false, staleTime: Infinity }).data ?? false;
  const record = useQuery({
    queryKey: presentationKeys.detail(presExId),
    queryFn: ({ signal }) => callApi(agentApi.presentationExchange, { params: { pres_ex_id: presExId } }, { signal }),
    refetchInterval: (query) => pollWhileNotLive(['request-sent', 'presentation-received'].includes(query.state.data?.state ?? 'request-sent')),
  });
  const status = counterStatus(record.data, fetched);
  const scan = useMutation({
    mutationFn: (holds: boolean) => callApi(consoleApi.sandboxWalletScan, { body: { invitation_url: link.short_url, holds_credential: holds } }),
  });
  const settled = status.step === 'verified' || status.step === 'not-verified' || status.step === 'failed';
  return (
    <div className="counter-check">
      {!settled && (
        <div className="counter-qr">
          <InvitationQr url={link.short_url} label="QR code of the proof request: scan it with a wallet app" size={360} />
        </div>
      )}
      <div className="counter-side">
        <StatusPanel status={status} />
        {sandbox && !settled && (
          <div className="sandbox-tools" aria-label="Sandbox">
            <p className="muted small">Sandbox: no phone needed.</p>
            <button type="button" className="button" disabled={scan.isPending} onClick={() => scan.mutate(true)}>
              Simulate a wallet scanning this
            </button>
            <button type="button" className="button subtle" disabled={scan.isPending} onClick={() => scan.mutate(false)}>
              …a wallet without the credential
            </button>
            <SubmitError message={scan.error?.message} />
          </div>
        )}
        <div className="form-buttons">
          <button type="button" className="button primary" onClick={onNext} disabled={starting}>
            {starting ? 'Preparing…' : 'Next person'}
          </button>
          <button type="button" className="button subtle" onClick={onChange}>
            Check something else
          </button>
        </div>
      </div>
    </div>
  );
}

function StatusPanel({ status }: { status: CounterStatus }) {
  if (status.step === 'verified' || status.step === 'not-verified') {
    const ok = status.step === 'verified';
    return (
      <div className={`counter-result ${ok ? 'result-ok' : 'result-bad'}`} role="status">
        <p className="counter-verdict">{ok ? '✓ Verified' : '✗ Not verified'}</p>
        <p>
          {ok
            ? 'The credential is genuine and was issued by this agent.'
            : 'Do not accept it: the proof did not check out (for example, the credential was revoked).'}
        </p>
        {status.revealed.length > 0 && (
          <dl className="counter-values">
            {status.revealed.map((r) => (
              <div key={r.name}>
                <dt>{r.name}</dt>
                <dd>{r.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    );
  }
  if (status.step === 'failed') {
    return (
      <div className="counter-result result-bad" role="status">
        <p className="counter-verdict">✗ No proof</p>
        <p>The wallet did not answer with a proof. {status.reason}</p>
      </div>
    );
  }
  const text = { waiting: 'Waiting for the person to scan the QR code…', scanned: 'Scanned — waiting for the wallet…', checking: 'Checking the proof…' }[
    status.step
  ];
  return (
    <p className="counter-waiting" role="status" aria-live="polite">
      {text}
    </p>
  );
}
