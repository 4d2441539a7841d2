import { advisedCredentialAction, advisedPresentationAction, connectionLabel, roleMayUse, schemaIdOf, type ConsoleRole, agentApiRefs } from '@credence/shared';
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
import { formatDateTime, humanize, schemaLabel } from '../../lib/format';
import { toast } from '../../lib/toast-store';
import { useT } from '../../i18n/use-t';
import { ConnectionStateBadge } from './connection-states';
import { PendingInvitation } from './PendingInvitation';
import { connectionDetailQueries } from './queries';

/** ACA-Py's invitation_mode (once, multi, static) in a clerk's words. */
const INVITATION_MODES: Record<string, string> = { once: 'Single use', multi: 'Several uses', static: 'Static (any number of uses)' };
const invitationModeText = (mode: string) => INVITATION_MODES[mode] ?? humanize(mode);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** One connection: who it is, its state, every exchange with it, and removal. */
export function ConnectionDetailPage() {
  const { connId = '' } = useParams();
  const wellFormed = UUID.test(connId);
  const removed = useWasDeleted(connId);
  const connection = useQuery({ ...connectionDetailQueries.detail(connId), enabled: wellFormed && !removed });
  const role = useQuery(consoleConfigQueries.current()).data?.role;

  if (removed) {
    return (
      <section className="detail" aria-labelledby="removed-title">
        <Link to="/connections">← Connections</Link>
        <div className="state-panel" role="status">
          <h1 id="removed-title">This connection was removed</h1>
          <p>The agent deleted its record. Exchanges already made with it stay in their lists.</p>
        </div>
      </section>
    );
  }
  if (!wellFormed || (connection.isError && isApiError(connection.error, 404))) {
    return (
      <section className="detail" aria-labelledby="missing-title">
        <Link to="/connections">← Connections</Link>
        <div className="state-panel">
          <h1 id="missing-title">No connection with this id</h1>
          <p>
            The agent has no connection <Mono>{connId}</Mono>. It may have been removed.
          </p>
        </div>
      </section>
    );
  }
  if (connection.isPending)
    return (
      <div className="state-panel" aria-busy="true">
        Loading the connection…
      </div>
    );
  if (connection.isError)
    return (
      <>
        <Link to="/connections">← Connections</Link>
        <ErrorState error={connection.error} onRetry={() => connection.refetch()} />
      </>
    );
  const c = connection.data;
  return (
    <article className="detail" aria-labelledby="connection-title">
      <Link to="/connections">← Connections</Link>
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
            Offer a credential to {connectionLabel(c)}
          </Link>
        )}
        {role && roleMayUse(role, 'presentations') && (c.state === 'active' || c.state === 'completed') && (
          <Link className="button" to={`/presentations/new?connection=${c.connection_id}`}>
            Ask for a proof
          </Link>
        )}
        <RemoveConnection connId={c.connection_id} name={connectionLabel(c)} />
      </div>
      <PendingInvitation connection={c} />
      <section className="card" aria-labelledby="connection-fields">
        <h2 id="connection-fields">Connection</h2>
        <FieldList
          fields={[
            ['Their label', c.their_label],
            ['Alias (our name for them)', c.alias],
            ['State', `${humanize(c.state)}${c.rfc23_state ? ` (${c.rfc23_state})` : ''}`],
            ['Their role', c.their_role && humanize(c.their_role)],
            ['Protocol', c.connection_protocol],
            ['Invitation', c.invitation_mode && invitationModeText(c.invitation_mode)],
            ['Their DID', c.their_did && <Mono>{c.their_did}</Mono>],
            ['Connection id', <Mono>{c.connection_id}</Mono>],
            ['Created', formatDateTime(c.created_at)],
            ['Updated', formatDateTime(c.updated_at)],
          ]}
        />
      </section>
      {role && <ConnectionRecord connId={c.connection_id} role={role} />}
      {role && <ConnectionExchanges connId={c.connection_id} role={role} />}
    </article>
  );
}

function ConnectionExchanges({ connId, role }: { connId: string; role: ConsoleRole }) {
  const credentials = useQuery({ ...connectionDetailQueries.credentials(connId), enabled: roleMayUse(role, 'credentials') });
  const presentations = useQuery({ ...connectionDetailQueries.presentations(connId), enabled: roleMayUse(role, 'presentations') });
  return (
    <>
      {roleMayUse(role, 'credentials') && (
        <section className="card" aria-labelledby="connection-credentials">
          <h2 id="connection-credentials">Credential exchanges</h2>
          {credentials.isPending ? (
            <p aria-busy="true">Loading…</p>
          ) : credentials.isError ? (
            <ErrorState error={credentials.error} onRetry={() => credentials.refetch()} />
          ) : credentials.data.results.length === 0 ? (
            <p className="muted">None with this connection (finished exchanges the agent removed are not shown).</p>
          ) : (
            <ul className="exchange-links">
              {credentials.data.results.map(({ cred_ex_record: r }) => (
                <li key={r.cred_ex_id}>
                  <Link to={`/credentials/${r.cred_ex_id}`}>{schemaLabel(schemaIdOf(r)) ?? 'Credential exchange'}</Link> <StateBadge state={r.state} />{' '}
                  <span className="muted small">
                    {humanize(r.role)} · {formatDateTime(r.created_at)}
                    {advisedCredentialAction(r.state) && ` · next: ${advisedCredentialAction(r.state)!.label}`}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {roleMayUse(role, 'presentations') && (
        <section className="card" aria-labelledby="connection-presentations">
          <h2 id="connection-presentations">Presentation exchanges</h2>
          {presentations.isPending ? (
            <p aria-busy="true">Loading…</p>
          ) : presentations.isError ? (
            <ErrorState error={presentations.error} onRetry={() => presentations.refetch()} />
          ) : presentations.data.results.length === 0 ? (
            <p className="muted">None with this connection.</p>
          ) : (
            <ul className="exchange-links">
              {presentations.data.results.map((r) => (
                <li key={r.pres_ex_id}>
                  <Link to={`/presentations/${r.pres_ex_id}`}>{presentationName(r.by_format)}</Link> <StateBadge state={r.state} />{' '}
                  <span className="muted small">
                    {humanize(r.role)} · {formatDateTime(r.created_at)}
                    {r.verified === true ? ' · verified' : r.verified === false ? ' · NOT verified' : ''}
                    {advisedPresentationAction(r.state) && ` · next: ${advisedPresentationAction(r.state)!.label}`}
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
  const held = useQuery({ ...connectionDetailQueries.heldFromUs(connId), enabled: roleMayUse(role, 'issued') });
  const proofs = useQuery({ ...connectionDetailQueries.proofsGiven(connId), enabled: roleMayUse(role, 'presentations') });
  return (
    <>
      {roleMayUse(role, 'issued') && (
        <section className="card" aria-labelledby="connection-held">
          <h2 id="connection-held">Credentials they hold from us</h2>
          {held.isPending ? (
            <p aria-busy="true">Loading…</p>
          ) : held.isError ? (
            <ErrorState error={held.error} onRetry={() => held.refetch()} />
          ) : held.data.results.length === 0 ? (
            <p className="muted">We have issued them nothing.</p>
          ) : (
            <ul className="exchange-links">
              {held.data.results.map((c) => (
                <li key={c.cred_ex_id}>
                  {c.removed_from_agent ? (
                    <span>{schemaLabel(c.schema_id) ?? 'Credential'}</span>
                  ) : (
                    <Link to={`/credentials/${c.cred_ex_id}`}>{schemaLabel(c.schema_id) ?? 'Credential'}</Link>
                  )}{' '}
                  <IssuedStatusBadge status={c.status} /> <span className="muted small">issued {formatDateTime(c.issued_at)}</span>
                </li>
              ))}
            </ul>
          )}
          {held.data && held.data.results.length > 0 && (
            <p>
              <Link to={`/issued?connection_id=${connId}`}>
                {held.data.total > held.data.results.length ? `All ${held.data.total.toLocaleString('en')} on the Issued page` : 'On the Issued page'}
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
          <h2 id="connection-proofs">Proofs they gave</h2>
          {proofs.isPending ? (
            <p aria-busy="true">Loading…</p>
          ) : proofs.isError ? (
            <ErrorState error={proofs.error} onRetry={() => proofs.refetch()} />
          ) : proofs.data.results.length === 0 ? (
            <p className="muted">They have not shown us a proof.</p>
          ) : (
            <ul className="exchange-links">
              {proofs.data.results.map((p) => (
                <li key={p.exchange_id}>
                  {p.removed_from_agent ? (
                    <span>{p.requested?.name ?? 'Proof'}</span>
                  ) : (
                    <Link to={`/presentations/${p.exchange_id}`}>{p.requested?.name ?? 'Proof'}</Link>
                  )}{' '}
                  <span className="muted small">
                    {formatDateTime(p.updated_at)} · {p.verified === true ? 'verified' : p.verified === false ? 'NOT verified' : humanize(p.state)}
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

function presentationName(byFormat: Record<string, Record<string, unknown>> | null | undefined): string {
  const request = byFormat?.pres_request;
  const name = request ? Object.values(request).map((r) => (r as { name?: unknown } | null)?.name)[0] : undefined;
  return typeof name === 'string' && name ? name : 'Presentation exchange';
}

function RemoveConnection({ connId, name }: { connId: string; name: string }) {
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
      toast.success(`Connection with ${name} removed`);
      void navigate('/connections', { replace: true });
    },
  });
  return (
    <>
      <button type="button" className="button danger" onClick={() => setOpen(true)}>
        Remove connection
      </button>
      <Dialog open={open} title={`Remove the connection with ${name}?`} onClose={() => setOpen(false)}>
        <p>The agent deletes its connection record. Exchanges already made stay; nothing more can be sent to {name} until they connect again.</p>
        {remove.error && (
          <p className="form-error" role="alert">
            {remove.error.message}
          </p>
        )}
        <div className="form-buttons">
          <button type="button" className="button danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
            {remove.isPending ? 'Removing…' : 'Remove'}
          </button>
          <button type="button" className="button" onClick={() => setOpen(false)}>
            Keep it
          </button>
        </div>
      </Dialog>
    </>
  );
}
