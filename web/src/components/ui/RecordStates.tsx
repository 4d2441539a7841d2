import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorState } from './ErrorState';

interface RecordStatesProps {
  query: UseQueryResult<unknown>;
  wasDeleted: boolean;
  back: { to: string; label: string };
}

/**
 * What a record's page shows before it has the record: deleted (the agent said so), loading, or an
 * error with the way back. Renders nothing once the record is there.
 */
export function RecordStates({ query, wasDeleted, back }: RecordStatesProps) {
  const backLink = <Link to={back.to}>← {back.label}</Link>;
  if (wasDeleted) {
    return (
      <>
        {backLink}
        <div className="state-panel" role="status">
          <h2>This exchange was deleted</h2>
          <p>The agent removed its record (for example when it finished with auto_remove set).</p>
        </div>
      </>
    );
  }
  if (query.isPending)
    return (
      <div className="state-panel" aria-busy="true">
        Loading the exchange…
      </div>
    );
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
