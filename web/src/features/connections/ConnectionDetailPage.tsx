import { connectionLabel, roleMayUse, schemaIdOf, type ConsoleRole, agentApiRefs } from '@credence/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Dialog } from '../../components/ui/Dialog';
import { ErrorState } from '../../components/ui/ErrorState';
import { IssuedStatusBadge } from '../../components/ui/IssuedStatusBadge';
import { FieldList, Mono } from '../../components/ui/RecordParts';
import { StateBadge } from '../../components/ui/StateBadge';
import { isApiError } from '../../lib/api';
import { callApi } from '../../lib/api-client';
import { connectionQueries } from '../../lib/connections';
import { markDeleted, useWasDeleted } from '../../lib/deleted-records';
import { consoleConfigQueries } from '../../lib/console-config';
import { advisedActionLabel } from '../../lib/advised-action-words';
import { useExchangeWords } from '../../lib/exchange-words';
import { humanize, schemaLabel } from '../../lib/format';
import { toast } from '../../lib/toast-store';
import type { MessageKey } from '../../i18n/catalogue';
import { translate } from '../../i18n/active-intl';
import { useFormat, useRichT, useT } from '../../i18n/use-t';
import { ConnectionStateBadge } from './connection-states';
import { PendingInvitation } from './PendingInvitation';
import { connectionDetailQueries } from './queries';

/** ACA-Py's invitation_mode (once, multi, static) in a clerk's words. */
const INVITATION_MODES: Record<string, MessageKey> = {
  once: 'connection.invitationMode.once',
  multi: 'connection.invitationMode.multi',
  static: 'connection.invitationMode.static',
};
const invitationModeText = (mode: string) => (INVITATION_MODES[mode] ? translate(INVITATION_MODES[mode]) : humanize(mode));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** One connection: who it is, its state, every exchange with it, and removal. */
export function ConnectionDetailPage() {
  const t = useT();
  const tRich = useRichT();
  const format = useFormat();
  const { connId = '' } = useParams();
  const wellFormed = UUID.test(connId);
  const removed = useWasDeleted(connId);
  const connection = useQuery({ ...connectionDetailQueries.detail(connId), enabled: wellFormed && !removed });
  const role = useQuery(consoleConfigQueries.current()).data?.role;

  if (removed) {
    return (
      <section className="detail" aria-labelledby="removed-title">
        <Link to="/connections">{t('connection.back')}</Link>
        <div className="state-panel" role="status">
          <h1 id="removed-title">{t('connection.removed.title')}</h1>
          <p>{t('connection.removed.body')}</p>
        </div>
      </section>
    );
  }
  if (!wellFormed || (connection.isError && isApiError(connection.error, 404))) {
    return (
      <section className="detail" aria-labelledby="missing-title">
        <Link to="/connections">{t('connection.back')}</Link>
        <div className="state-panel">
          <h1 id="missing-title">{t('connection.missing.title')}</h1>
          <p>{tRich('connection.missing.body', { id: <Mono>{connId}</Mono> })}</p>
        </div>
      </section>
    );
  }
  if (connection.isPending)
    return (
      <div className="state-panel" aria-busy="true">
        {t('connection.loading')}
      </div>
    );
  if (connection.isError)
    return (
      <>
        <Link to="/connections">{t('connection.back')}</Link>
        <ErrorState error={connection.error} onRetry={() => connection.refetch()} />
      </>
    );
  const c = connection.data;
  return (
    <article className="detail" aria-labelledby="connection-title">
      <Link to="/connections">{t('connection.back')}</Link>
      <div className="page-head">
        <h1 id="connection-title">{connectionLabel(c)}</h1>
        <ConnectionStateBadge state={c.state} />
      </div>
      {c.error_msg && (
        <p className="form-error" role="alert">
          {c.error_msg}
        </p>
      )}
      <div className="action-row">
        {role && roleMayUse(role, 'credentials') && (c.state === 'active' || c.state === 'completed') && (
          <Link className="button primary" to={`/credentials/new?connection=${c.connection_id}`}>
            {t('connection.offerTo', { name: connectionLabel(c) })}
          </Link>
        )}
        {role && roleMayUse(role, 'presentations') && (c.state === 'active' || c.state === 'completed') && (
          <Link className="button" to={`/presentations/new?connection=${c.connection_id}`}>
            {t('connection.askProof')}
          </Link>
        )}
        <RemoveConnection connId={c.connection_id} name={connectionLabel(c)} />
      </div>
      <PendingInvitation connection={c} />
      <section className="card" aria-labelledby="connection-fields">
        <h2 id="connection-fields">{t('connection.fields')}</h2>
        <FieldList
          fields={[
            [t('connection.field.theirLabel'), c.their_label],
            [t('connection.field.alias'), c.alias],
            [t('connection.field.state'), `${humanize(c.state)}${c.rfc23_state ? ` (${c.rfc23_state})` : ''}`],
            [t('connection.field.theirRole'), c.their_role && humanize(c.their_role)],
            [t('connection.field.protocol'), c.connection_protocol],
            [t('connection.field.invitation'), c.invitation_mode && invitationModeText(c.invitation_mode)],
            [t('connection.field.theirDid'), c.their_did && <Mono>{c.their_did}</Mono>],
            [t('connection.field.id'), <Mono>{c.connection_id}</Mono>],
            [t('connection.field.created'), format.dateTime(c.created_at)],
            [t('connection.field.updated'), format.dateTime(c.updated_at)],
          ]}
        />
      </section>
      {role && <ConnectionRecord connId={c.connection_id} role={role} />}
      {role && <ConnectionExchanges connId={c.connection_id} role={role} />}
    </article>
  );
}

function ConnectionExchanges({ connId, role }: { connId: string; role: ConsoleRole }) {
  const t = useT();
  const format = useFormat();
  const words = useExchangeWords();
  const nextOf = (kind: 'credential' | 'presentation', state: string) => {
    const key = advisedActionLabel(kind, state);
    return key ? t(key) : 'none';
  };
  const credentials = useQuery({ ...connectionDetailQueries.credentials(connId), enabled: roleMayUse(role, 'credentials') });
  const presentations = useQuery({ ...connectionDetailQueries.presentations(connId), enabled: roleMayUse(role, 'presentations') });
  return (
    <>
      {roleMayUse(role, 'credentials') && (
        <section className="card" aria-labelledby="connection-credentials">
          <h2 id="connection-credentials">{t('connection.credentials')}</h2>
          {credentials.isPending ? (
            <p aria-busy="true">{t('common.loading')}</p>
          ) : credentials.isError ? (
            <ErrorState error={credentials.error} onRetry={() => credentials.refetch()} />
          ) : credentials.data.results.length === 0 ? (
            <p className="muted">{t('connection.credentials.none')}</p>
          ) : (
            <ul className="exchange-links">
              {credentials.data.results.map(({ cred_ex_record: r }) => (
                <li key={r.cred_ex_id}>
                  <Link to={`/credentials/${r.cred_ex_id}`}>{schemaLabel(schemaIdOf(r)) ?? t('connection.exchange.credential')}</Link>{' '}
                  <StateBadge state={r.state} />{' '}
                  <span className="muted small">
                    {t('connection.exchange.line', {
                      role: words.role(r.role),
                      date: format.dateTime(r.created_at),
                      verified: 'unknown',
                      next: nextOf('credential', r.state),
                    })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {roleMayUse(role, 'presentations') && (
        <section className="card" aria-labelledby="connection-presentations">
          <h2 id="connection-presentations">{t('connection.presentations')}</h2>
          {presentations.isPending ? (
            <p aria-busy="true">{t('common.loading')}</p>
          ) : presentations.isError ? (
            <ErrorState error={presentations.error} onRetry={() => presentations.refetch()} />
          ) : presentations.data.results.length === 0 ? (
            <p className="muted">{t('connection.presentations.none')}</p>
          ) : (
            <ul className="exchange-links">
              {presentations.data.results.map((r) => (
                <li key={r.pres_ex_id}>
                  <Link to={`/presentations/${r.pres_ex_id}`}>{presentationName(r.by_format) ?? t('connection.exchange.presentation')}</Link>{' '}
                  <StateBadge state={r.state} />{' '}
                  <span className="muted small">
                    {t('connection.exchange.line', {
                      role: words.role(r.role),
                      date: format.dateTime(r.created_at),
                      verified: r.verified === true ? 'yes' : r.verified === false ? 'no' : 'unknown',
                      next: nextOf('presentation', r.state),
                    })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </>
  );
}

/** From the register, kept past the agent: the credentials this connection holds from us and the proofs it gave. */
function ConnectionRecord({ connId, role }: { connId: string; role: ConsoleRole }) {
  const t = useT();
  const format = useFormat();
  const words = useExchangeWords();
  const held = useQuery({ ...connectionDetailQueries.heldFromUs(connId), enabled: roleMayUse(role, 'issued') });
  const proofs = useQuery({ ...connectionDetailQueries.proofsGiven(connId), enabled: roleMayUse(role, 'presentations') });
  return (
    <>
      {roleMayUse(role, 'issued') && (
        <section className="card" aria-labelledby="connection-held">
          <h2 id="connection-held">{t('connection.held')}</h2>
          {held.isPending ? (
            <p aria-busy="true">{t('common.loading')}</p>
          ) : held.isError ? (
            <ErrorState error={held.error} onRetry={() => held.refetch()} />
          ) : held.data.results.length === 0 ? (
            <p className="muted">{t('connection.held.none')}</p>
          ) : (
            <ul className="exchange-links">
              {held.data.results.map((c) => (
                <li key={c.cred_ex_id}>
                  {c.removed_from_agent ? (
                    <span>{schemaLabel(c.schema_id) ?? t('connection.held.credential')}</span>
                  ) : (
                    <Link to={`/credentials/${c.cred_ex_id}`}>{schemaLabel(c.schema_id) ?? t('connection.held.credential')}</Link>
                  )}{' '}
                  <IssuedStatusBadge status={c.status} />{' '}
                  <span className="muted small">{t('connection.held.issued', { date: format.dateTime(c.issued_at) })}</span>
                </li>
              ))}
            </ul>
          )}
          {held.data && held.data.results.length > 0 && (
            <p>
              <Link to={`/issued?connection_id=${connId}`}>
                {held.data.total > held.data.results.length ? t('connection.held.all', { total: held.data.total }) : t('connection.held.onIssued')}
              </Link>
            </p>
          )}
          {role === 'admin' && (
            <p>
              <Link to={`/issued?connection_id=${connId}`}>{t('erasure.fromConnection')}</Link>
            </p>
          )}
        </section>
      )}
      {roleMayUse(role, 'presentations') && (
        <section className="card" aria-labelledby="connection-proofs">
          <h2 id="connection-proofs">{t('connection.proofs')}</h2>
          {proofs.isPending ? (
            <p aria-busy="true">{t('common.loading')}</p>
          ) : proofs.isError ? (
            <ErrorState error={proofs.error} onRetry={() => proofs.refetch()} />
          ) : proofs.data.results.length === 0 ? (
            <p className="muted">{t('connection.proofs.none')}</p>
          ) : (
            <ul className="exchange-links">
              {proofs.data.results.map((p) => (
                <li key={p.exchange_id}>
                  {p.removed_from_agent ? (
                    <span>{p.requested?.name ?? t('connection.proofs.proof')}</span>
                  ) : (
                    <Link to={`/presentations/${p.exchange_id}`}>{p.requested?.name ?? t('connection.proofs.proof')}</Link>
                  )}{' '}
                  <span className="muted small">
                    {format.dateTime(p.updated_at)} ·{' '}
                    {p.verified === true ? t('connection.proofs.verified') : p.verified === false ? t('connection.proofs.notVerified') : words.state(p.state)}
                    {p.attributes.length > 0 && ` · ${p.attributes.map((a) => `${a.name}: ${a.value}`).join(', ')}`}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </>
  );
}

function presentationName(byFormat: Record<string, Record<string, unknown>> | null | undefined): string | undefined {
  const request = byFormat?.pres_request;
  const name = request ? Object.values(request).map((r) => (r as { name?: unknown } | null)?.name)[0] : undefined;
  return typeof name === 'string' && name ? name : undefined;
}

function RemoveConnection({ connId, name }: { connId: string; name: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => callApi(agentApiRefs.removeConnection, { params: { conn_id: connId } }),
    // A refetch of the record in flight would answer 404 once it is gone: stop it first.
    onMutate: () => queryClient.cancelQueries({ queryKey: connectionQueries.detailKey(connId) }),
    onSuccess: () => {
      markDeleted(connId);
      queryClient.removeQueries({ queryKey: connectionQueries.detailKey(connId) });
      void queryClient.invalidateQueries({ queryKey: connectionQueries.lists() });
      toast.success(translate('connection.remove.done', { name }));
      void navigate('/connections', { replace: true });
    },
  });
  return (
    <>
      <button type="button" className="button danger" onClick={() => setOpen(true)}>
        {t('connection.remove')}
      </button>
      <Dialog open={open} title={t('connection.remove.title', { name })} onClose={() => setOpen(false)}>
        <p>{t('connection.remove.body', { name })}</p>
        {remove.error && (
          <p className="form-error" role="alert">
            {remove.error.message}
          </p>
        )}
        <div className="form-buttons">
          <button type="button" className="button danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
            {remove.isPending ? t('connection.remove.removing') : t('connection.remove.confirm')}
          </button>
          <button type="button" className="button" onClick={() => setOpen(false)}>
            {t('connection.remove.keep')}
          </button>
        </div>
      </Dialog>
    </>
  );
}
