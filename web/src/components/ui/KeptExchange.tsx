import type { RegisterExchange, RegisterKind } from '@credence/shared';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime, humanize, schemaLabel } from '../../lib/format';
import { registerKeys } from '../../lib/query-keys';
import { fetchKeptExchange } from '../../lib/register-exchanges';
import { KeptState } from '../exchange-list/cells';
import { AttributeTable } from './AttributeTable';
import { BackLink, type CameFrom } from './BackLink';
import { ErrorMessage, FieldList, Mono } from './RecordParts';
import { VerifiedBadge } from './VerifiedBadge';

interface KeptExchangeProps {
  kind: RegisterKind;
  id: string;
  back: CameFrom;
  /** Why the agent's record is not shown: it was deleted while open, or the agent has no such id. */
  agentAnswer: 'deleted' | 'unknown';
  /** What to show when the register never saw it either. */
  notKept: ReactNode;
}

function Values({ attributes, caption }: { attributes: RegisterExchange['attributes']; caption: string }) {
  if (attributes.length === 0) return null;
  return (
    <section aria-labelledby="kept-values-title" className="card">
      <h2 id="kept-values-title">{caption}</h2>
      <AttributeTable attributes={attributes} />
    </section>
  );
}

/**
 * An exchange the agent no longer has (ACA-Py removes finished ones by default), as Credence's
 * register kept it: who, what, the values, how it ended. Read-only: nothing is left to do at the agent.
 */
/** A presentation's values are proved only once verified: before (or never) they were the wallet's claim. */
function presentedCaption(e: RegisterExchange): string {
  if (e.role !== 'verifier') return 'Values we presented';
  if (e.verified === true) return 'Values proved (verified)';
  if (e.verified === false) return 'Values sent (not verified)';
  return 'Values claimed (never verified)';
}

export function KeptExchange({ kind, id, back, agentAnswer, notKept }: KeptExchangeProps) {
  const kept = useQuery({
    queryKey: [...registerKeys.exchanges(), 'one', kind, id] as const,
    queryFn: ({ signal }) => fetchKeptExchange(kind, id, signal),
    retry: false,
  });
  if (kept.isPending) {
    return (
      <div className="state-panel" aria-busy="true">
        Loading the exchange…
      </div>
    );
  }
  if (!kept.data) return notKept;
  const e = kept.data;
  const credential = kind === 'credential';
  const title = (credential ? schemaLabel(e.schema_id) : e.requested?.name) ?? (credential ? 'Credential exchange' : 'Presentation exchange');
  return (
    <article aria-labelledby="kept-title" className="detail">
      <BackLink fallback={back} />
      <div className="page-head">
        <h1 id="kept-title">{title}</h1>
        <KeptState state={e.state} removed revoked={credential ? { credExId: e.exchange_id, status: e.revocation_status } : undefined} />
      </div>
      <p className="callout" role="status">
        {agentAnswer === 'deleted' ? 'The agent has just removed this exchange' : 'The agent no longer has this exchange'}: it was removed once finished, or
        deleted. This is what Credence kept of it; nothing more can be done with it at the agent.
      </p>
      <ErrorMessage message={e.error_msg} />
      <section aria-labelledby="kept-fields-title" className="card">
        <h2 id="kept-fields-title">Exchange</h2>
        <FieldList
          fields={[
            ['Exchange id', <Mono>{e.exchange_id}</Mono>, credential ? 'cred_ex_id' : 'pres_ex_id'],
            [
              'Connection',
              e.connection_id ? <Link to={`/connections/${e.connection_id}`}>{e.connection_label ?? e.connection_id}</Link> : 'No connection (QR code)',
            ],
            ['Role', humanize(e.role)],
            ['Last state', humanize(e.state), 'state'],
            ['Thread id', e.thread_id && <Mono>{e.thread_id}</Mono>, 'thread_id'],
            ...(credential
              ? ([
                  ['Credential format', e.format, 'filter'],
                  ['Schema id', e.schema_id && <Mono>{e.schema_id}</Mono>, 'schema_id'],
                  ['Credential definition id', e.cred_def_id && <Mono>{e.cred_def_id}</Mono>, 'cred_def_id'],
                ] as [string, ReactNode, string][])
              : ([
                  ['Asked for', e.requested && [...e.requested.attributes, ...e.requested.predicates].join(', ')],
                  [e.role === 'verifier' && e.verified === true ? 'Predicates proved' : 'Predicates answered', e.predicates_proved.join(', ')],
                  ['Result', e.role === 'verifier' ? <VerifiedBadge verified={e.verified} /> : null, 'verified'],
                ] as [string, ReactNode, string?][])),
            ['Started', formatDateTime(e.created_at)],
            ['Last changed', formatDateTime(e.updated_at)],
          ]}
        />
      </section>
      <Values attributes={e.attributes} caption={credential ? 'Values offered or issued' : presentedCaption(e)} />
    </article>
  );
}
