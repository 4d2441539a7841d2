import type { RegisterKind } from '@credence/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { isApiError } from '../../lib/api';
import { BackLink, type CameFrom } from './BackLink';
import { ErrorState } from './ErrorState';
import { KeptExchange } from './KeptExchange';

/**
 * The agent answers 404 for an id it does not know; the console 400 for one that is not an id at all.
 * A record's page then stops asking (its query disabled for that id), so a refresh of everything (the
 * live stream reconnecting) does not swap this answer for "Loading" and back.
 */
export const isNoSuchRecord = (error: unknown) => isApiError(error, 404) || isApiError(error, 400);

interface RecordStatesProps {
  query: UseQueryResult<unknown>;
  wasDeleted: boolean;
  /** The record's list: where the back link goes when the page was not opened from a list. */
  back: CameFrom;
  /** "credential exchange" */
  noun: string;
  /** The id in the address. */
  id: string;
  /** An exchange: when the agent no longer has it, what Credence's register kept is shown. */
  kind?: RegisterKind;
}

/**
 * What a record's page shows before it has the record: deleted (the agent said so), loading, no such
 * record (an unknown or malformed id), or an error with the way back. Renders nothing once the record is there.
 */
export function RecordStates({ query, wasDeleted, back, noun, id, kind }: RecordStatesProps) {
  const backLink = <BackLink fallback={back} />;
  if (wasDeleted) {
    const deleted = (
      <>
        {backLink}
        <div className="state-panel" role="status">
          <h1>This {noun} was deleted</h1>
          <p>The agent removed its record (for example when it finished and was set to remove its record when done).</p>
        </div>
      </>
    );
    return kind ? <KeptExchange kind={kind} id={id} back={back} agentAnswer="deleted" notKept={deleted} /> : deleted;
  }
  if (query.isPending)
    return (
      <div className="state-panel" aria-busy="true">
        Loading the exchange…
      </div>
    );
  if (isNoSuchRecord(query.error)) {
    const unknown = (
      <>
        {backLink}
        <div className="state-panel">
          <h1>No {noun} with this id</h1>
          <p>
            {kind ? 'Neither the agent nor Credence knows' : 'The agent has no'} {noun} <span className="mono">{id}</span>.{' '}
            {kind ? 'The address may be mistyped.' : 'It may have been removed, or the address is mistyped.'}
          </p>
          <Link to={back.href}>All {back.label.toLowerCase()}</Link>
        </div>
      </>
    );
    return kind ? <KeptExchange kind={kind} id={id} back={back} agentAnswer="unknown" notKept={unknown} /> : unknown;
  }
  if (query.isError) {
    return (
      <>
        {backLink}
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      </>
    );
  }
  return null;
}
