import {
  DIDEXCHANGE_1_1,
  invitationMessageSchema,
  type InvitationRecord,
  type OobRecord,
  agentApiRefs,
  type agentApi,
  type RouteInput,
} from '@credence/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { SubmitError } from '../../components/exchange-form/SubmitError';
import { isApiError } from '../../lib/api';
import { callApi } from '../../lib/api-client';
import { connectionQueries } from '../../lib/connections';
import { invitationFromText } from '../../lib/invitation-text';
import { pollWhileNotLive } from '../../lib/live-status';
import { InvitationQr } from '../../components/ui/InvitationQr';
import { invitationProgress, type InvitationProgress } from './invitation-progress';
import { SimulateScan } from './SimulateScan';

/** Invite a holder (a QR code to scan, followed live until connected), or accept a partner's invitation. */
export function NewInvitationPage() {
  const acceptRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (window.location.hash === '#accept') acceptRef.current?.scrollIntoView();
  }, []);
  return (
    <section aria-labelledby="new-connection-title" className="invitation-page">
      <Link to="/connections">← Connections</Link>
      <div className="page-head">
        <h1 id="new-connection-title">Connect with someone</h1>
        <p className="muted">Invite a holder to scan a QR code with their wallet app, or accept an invitation an organisation sent you.</p>
      </div>
      <CreateInvitation />
      <AcceptInvitation sectionRef={acceptRef} />
    </section>
  );
}

function CreateInvitation() {
  const [alias, setAlias] = useState('');
  const [goal, setGoal] = useState('');
  const [multiUse, setMultiUse] = useState(false);
  const create = useMutation({
    mutationFn: () =>
      callApi(agentApiRefs.createInvitation, {
        // Accepting the holder's request is decided here, by creating the invitation (the agent's default is to wait).
        query: { multi_use: multiUse, auto_accept: true },
        body: {
          handshake_protocols: [DIDEXCHANGE_1_1],
          ...(alias.trim() && { alias: alias.trim() }),
          ...(goal.trim() && { goal: goal.trim() }),
        },
      }),
  });
  const invitation = create.data;

  return (
    <section className="card" aria-labelledby="invite-title">
      <h2 id="invite-title">Invite someone to connect</h2>
      {!invitation ? (
        <form
          className="invite-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate();
          }}
        >
          <div className="field">
            <label htmlFor="invite-alias">Who is it for? (optional)</label>
            <input id="invite-alias" value={alias} onChange={(e) => setAlias(e.target.value)} maxLength={200} aria-describedby="invite-alias-hint" />
            <p className="muted small" id="invite-alias-hint">
              Our name for the connection, e.g. “Alice Jones (front desk)”.
            </p>
          </div>
          <div className="field">
            <label htmlFor="invite-goal">What is it for? (optional)</label>
            <input id="invite-goal" value={goal} onChange={(e) => setGoal(e.target.value)} maxLength={500} aria-describedby="invite-goal-hint" />
            <p className="muted small" id="invite-goal-hint">
              Shown by their wallet, e.g. “To receive your student card”.
            </p>
          </div>
          <label className="check">
            <input type="checkbox" checked={multiUse} onChange={(e) => setMultiUse(e.target.checked)} /> Several people may use this invitation (a poster or a
            web page)
          </label>
          <SubmitError message={create.error?.message} status={isApiError(create.error) ? create.error.status : undefined} />
          <div className="form-buttons">
            <button type="submit" className="button primary" disabled={create.isPending}>
              {create.isPending ? 'Creating…' : 'Create invitation'}
            </button>
          </div>
        </form>
      ) : (
        <CreatedInvitation invitation={invitation} multiUse={multiUse} onAnother={() => create.reset()} />
      )}
    </section>
  );
}

function CreatedInvitation({ invitation, multiUse, onAnother }: { invitation: InvitationRecord; multiUse: boolean; onAnother: () => void }) {
  const invitationMsgId = invitation.invi_msg_id ?? invitation.invitation?.['@id'];
  const list = useQuery({
    ...connectionQueries.list(),
    // Only while events are not flowing: poll until a single-use invitation is used.
    refetchInterval: (query) => pollWhileNotLive(multiUse || invitationProgress(query.state.data?.results ?? [], invitationMsgId).latest.step !== 'connected'),
  });
  const { latest, made } = invitationProgress(list.data?.results ?? [], invitationMsgId);
  const url = invitation.invitation_url ?? '';
  // A single-use code, once used, is gone: it is not shown any more, and the next step is offered instead.
  const used = !multiUse && latest.step === 'connected';
  return (
    <div className="created-invitation">
      <div className="invitation-layout">
        {!used && <InvitationQr url={url} label="QR code of the invitation: scan it with a wallet app" />}
        <div>
          <ProgressLine progress={latest} multiUse={multiUse} />
          {multiUse && made.length > 0 && (
            <>
              <h3>Connected with this invitation</h3>
              <ul>
                {made.map((c) => (
                  <li key={c.connection_id}>
                    <Link to={`/connections/${c.connection_id}`}>{c.alias || c.their_label || c.connection_id}</Link> ({c.state})
                  </li>
                ))}
              </ul>
            </>
          )}
          {!used && <SimulateScan invitationUrl={url} multiUse={multiUse} />}
          <div className="form-buttons">
            <button type="button" className="button" onClick={onAnother}>
              New invitation
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}

function ProgressLine({ progress, multiUse }: { progress: InvitationProgress; multiUse: boolean }) {
  return (
    <div className={`progress-line progress-${progress.step}`} role="status" aria-live="polite">
      {progress.step === 'waiting' ? (
        <p>
          <strong>Waiting for the holder to scan the QR code…</strong>
          <br />
          <span className="muted small">{multiUse ? 'Anyone with the code can connect; each use makes a new connection.' : 'It can be used once.'}</span>
        </p>
      ) : progress.step === 'connecting' ? (
        <p>
          <strong>Connecting with {progress.name}…</strong>
        </p>
      ) : progress.step === 'failed' ? (
        <p>
          <strong>The connection with {progress.name} failed.</strong> {progress.connection.error_msg}
        </p>
      ) : (
        <>
          <p>
            <strong>Connected with {progress.name}.</strong> <Link to={`/connections/${progress.connection.connection_id}`}>Open the connection</Link>
            {!multiUse && <span className="muted small"> This QR code has been used.</span>}
          </p>
          <p>
            <Link className="button primary" to={`/credentials/new?connection=${progress.connection.connection_id}`}>
              Offer a credential to {progress.name}
            </Link>
          </p>
        </>
      )}
    </div>
  );
}

function AcceptInvitation({ sectionRef }: { sectionRef: React.RefObject<HTMLElement | null> }) {
  const [text, setText] = useState('');
  const [alias, setAlias] = useState('');
  const [problem, setProblem] = useState<string>();
  const receive = useMutation({
    mutationFn: ({ message, alias }: { message: RouteInput<typeof agentApi.receiveInvitation>['body']; alias: string }) =>
      callApi(agentApiRefs.receiveInvitation, { body: message, query: { auto_accept: true, ...(alias && { alias }) } }),
  });
  const submit = () => {
    const read = invitationFromText(text);
    if ('problem' in read) return setProblem(read.problem);
    const parsed = invitationMessageSchema.safeParse(read.message);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      return setProblem(
        `This is not an invitation Credence can accept: ${first?.path.join('.') || 'the message'} ${first?.message ?? ''}.`.replace(/\s+\./, '.'),
      );
    }
    setProblem(undefined);
    receive.mutate({ message: parsed.data, alias: alias.trim() });
  };
  return (
    <section className="card" aria-labelledby="accept-title" id="accept" ref={sectionRef}>
      <h2 id="accept-title">Accept an invitation</h2>
      {receive.data ? (
        <Received oob={receive.data} onAnother={() => (receive.reset(), setText(''))} />
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <div className="field">
            <label htmlFor="accept-text">Invitation URL or JSON</label>
            <textarea
              id="accept-text"
              rows={4}
              value={text}
              onChange={(e) => setText(e.target.value)}
              spellCheck={false}
              aria-invalid={!!problem}
              aria-describedby="accept-problem"
              placeholder="https://…?oob=eyJAdHlwZSI6…"
            />
            {problem && (
              <p className="field-error" id="accept-problem">
                {problem}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor="accept-alias">Our name for them (optional)</label>
            <input id="accept-alias" value={alias} onChange={(e) => setAlias(e.target.value)} maxLength={200} />
          </div>
          <SubmitError message={receive.error?.message} status={isApiError(receive.error) ? receive.error.status : undefined} />
          <div className="form-buttons">
            <button type="submit" className="button primary" disabled={receive.isPending}>
              {receive.isPending ? 'Accepting…' : 'Accept invitation'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

function Received({ oob, onAnother }: { oob: OobRecord; onAnother: () => void }) {
  const progressOf = (results: Parameters<typeof invitationProgress>[0]) => invitationProgress(results, oob.invi_msg_id, oob.connection_id ?? undefined).latest;
  const list = useQuery({
    ...connectionQueries.list(),
    refetchInterval: (query) => pollWhileNotLive(['waiting', 'connecting'].includes(progressOf(query.state.data?.results ?? []).step)),
  });
  const latest = progressOf(list.data?.results ?? []);
  return (
    <>
      {latest.step === 'waiting' ? (
        <p role="status">
          <strong>Invitation accepted; connecting…</strong>
        </p>
      ) : (
        <ProgressLine progress={latest} multiUse={false} />
      )}
      <button type="button" className="button" onClick={onAnother}>
        Accept another
      </button>
    </>
  );
}
