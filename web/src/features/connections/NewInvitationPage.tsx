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
import { translate } from '../../i18n/active-intl';
import { useT } from '../../i18n/use-t';
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
  const t = useT();
  const acceptRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (window.location.hash === '#accept') acceptRef.current?.scrollIntoView();
  }, []);
  return (
    <section aria-labelledby="new-connection-title" className="invitation-page">
      <Link to="/connections">{t('invite.back')}</Link>
      <div className="page-head">
        <h1 id="new-connection-title">{t('invite.title')}</h1>
        <p className="muted">{t('invite.intro')}</p>
      </div>
      <CreateInvitation />
      <AcceptInvitation sectionRef={acceptRef} />
    </section>
  );
}

function CreateInvitation() {
  const t = useT();
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
      <h2 id="invite-title">{t('invite.create.title')}</h2>
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
            <label htmlFor="invite-alias">{t('invite.alias')}</label>
            <input id="invite-alias" value={alias} onChange={(e) => setAlias(e.target.value)} maxLength={200} aria-describedby="invite-alias-hint" />
            <p className="muted small" id="invite-alias-hint">
              {t('invite.alias.hint')}
            </p>
          </div>
          <div className="field">
            <label htmlFor="invite-goal">{t('invite.goal')}</label>
            <input id="invite-goal" value={goal} onChange={(e) => setGoal(e.target.value)} maxLength={500} aria-describedby="invite-goal-hint" />
            <p className="muted small" id="invite-goal-hint">
              {t('invite.goal.hint')}
            </p>
          </div>
          <label className="check">
            <input type="checkbox" checked={multiUse} onChange={(e) => setMultiUse(e.target.checked)} /> {t('invite.multiUse')}
          </label>
          <SubmitError message={create.error?.message} status={isApiError(create.error) ? create.error.status : undefined} />
          <div className="form-buttons">
            <button type="submit" className="button primary" disabled={create.isPending}>
              {create.isPending ? t('invite.creating') : t('invite.create')}
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
  const t = useT();
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
        {!used && <InvitationQr url={url} label={t('invite.qrLabel')} />}
        <div>
          <ProgressLine progress={latest} multiUse={multiUse} />
          {multiUse && made.length > 0 && (
            <>
              <h3>{t('invite.connectedWithThis')}</h3>
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
              {t('invite.new')}
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}

function ProgressLine({ progress, multiUse }: { progress: InvitationProgress; multiUse: boolean }) {
  const t = useT();
  return (
    <div className={`progress-line progress-${progress.step}`} role="status" aria-live="polite">
      {progress.step === 'waiting' ? (
        <p>
          <strong>{t('invite.waiting')}</strong>
          <br />
          <span className="muted small">{multiUse ? t('invite.anyone') : t('invite.once')}</span>
        </p>
      ) : progress.step === 'connecting' ? (
        <p>
          <strong>{t('invite.connectingWith', { name: progress.name })}</strong>
        </p>
      ) : progress.step === 'failed' ? (
        <p>
          <strong>{t('invite.failedWith', { name: progress.name })}</strong> {progress.connection.error_msg}
        </p>
      ) : (
        <>
          <p>
            <strong>{t('invite.connectedWith', { name: progress.name })}</strong>{' '}
            <Link to={`/connections/${progress.connection.connection_id}`}>{t('invite.open')}</Link>
            {!multiUse && <span className="muted small"> {t('invite.used')}</span>}
          </p>
          <p>
            <Link className="button primary" to={`/credentials/new?connection=${progress.connection.connection_id}`}>
              {t('invite.offerTo', { name: progress.name })}
            </Link>
          </p>
        </>
      )}
    </div>
  );
}

function AcceptInvitation({ sectionRef }: { sectionRef: React.RefObject<HTMLElement | null> }) {
  const t = useT();
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
        translate('invite.accept.notAcceptable', { where: first?.path.join('.') || translate('invite.accept.theMessage'), why: first?.message ?? '' }).replace(
          /\s+\./,
          '.',
        ),
      );
    }
    setProblem(undefined);
    receive.mutate({ message: parsed.data, alias: alias.trim() });
  };
  return (
    <section className="card" aria-labelledby="accept-title" id="accept" ref={sectionRef}>
      <h2 id="accept-title">{t('invite.accept.title')}</h2>
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
            <label htmlFor="accept-text">{t('invite.accept.text')}</label>
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
            <label htmlFor="accept-alias">{t('invite.accept.alias')}</label>
            <input id="accept-alias" value={alias} onChange={(e) => setAlias(e.target.value)} maxLength={200} />
          </div>
          <SubmitError message={receive.error?.message} status={isApiError(receive.error) ? receive.error.status : undefined} />
          <div className="form-buttons">
            <button type="submit" className="button primary" disabled={receive.isPending}>
              {receive.isPending ? t('invite.accept.accepting') : t('invite.accept.submit')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

function Received({ oob, onAnother }: { oob: OobRecord; onAnother: () => void }) {
  const t = useT();
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
          <strong>{t('invite.accept.connecting')}</strong>
        </p>
      ) : (
        <ProgressLine progress={latest} multiUse={false} />
      )}
      <button type="button" className="button" onClick={onAnother}>
        {t('invite.accept.another')}
      </button>
    </>
  );
}
