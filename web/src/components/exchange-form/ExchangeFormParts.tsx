import { isAnoncredsWallet } from '@credence/shared';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { whyNotUsable, type ConnectionOption } from '../../lib/connections';
import { consoleConfigQueries } from '../../lib/console-config';

/** Renders a builder once the wallet type is known: it decides which formats can be offered. */
export function WithWalletType({ children }: { children: (walletType: string | null) => ReactNode }) {
  const config = useQuery(consoleConfigQueries.current());
  if (config.isPending)
    return (
      <div className="state-panel" aria-busy="true">
        Loading…
      </div>
    );
  return <>{children(config.data?.wallet.type ?? null)}</>;
}

interface ConnectionFieldProps {
  field: UseFormRegisterReturn;
  options: ConnectionOption[];
  /** The connection list's query: while it is on its way there are no options yet, not "no connections". */
  status: 'pending' | 'error' | 'success';
  /** "Choose who receives the offer": the empty choice, and the error when nothing is chosen. */
  prompt: string;
  chosen: boolean;
  error: string | undefined;
}

/**
 * The connection to send to: every connection is listed, those not ready for messages disabled with
 * the reason, so a clerk looking for a holder learns why they cannot pick them.
 */
export function ConnectionField({ field, options, status, prompt, chosen, error }: ConnectionFieldProps) {
  const waiting = options.filter((c) => !c.ready).length;
  const hint =
    status === 'pending'
      ? 'Loading connections… '
      : status === 'error'
        ? 'The connections could not be loaded; reload the page to try again. '
        : options.length === 0
          ? 'No connections yet. '
          : waiting > 0
            ? `${waiting} not usable yet (shown greyed). `
            : '';
  return (
    <div className="field">
      <label htmlFor="connection">Connection</label>
      <select id="connection" aria-invalid={!!error} aria-busy={status === 'pending'} aria-describedby="connection-hint connection-error" {...field}>
        <option value="">{prompt}</option>
        {options.map((c) => (
          <option key={c.id} value={c.id} disabled={!c.ready}>
            {c.ready ? c.label : `${c.label} — ${whyNotUsable(c.state)}`}
          </option>
        ))}
      </select>
      <p className="muted small" id="connection-hint">
        {hint}
        <Link to="/connections/new">Invite someone to connect</Link>
      </p>
      {error && (
        <p className="field-error" id="connection-error">
          {chosen ? error : `${prompt}.`}
        </p>
      )}
    </div>
  );
}

interface FormatChoiceProps {
  legend: string;
  indy: UseFormRegisterReturn;
  anoncreds: UseFormRegisterReturn;
  walletType: string | null;
  error: string | undefined;
}

/** Indy and/or AnonCreds; AnonCreds only on a wallet of the anoncreds type. */
export function FormatChoice({ legend, indy, anoncreds, walletType, error }: FormatChoiceProps) {
  const anoncredsAllowed = isAnoncredsWallet(walletType);
  return (
    <fieldset className="formats" aria-describedby="formats-error">
      <legend>{legend}</legend>
      <label className="check">
        <input type="checkbox" {...indy} /> Indy
      </label>
      <label className="check">
        <input type="checkbox" disabled={!anoncredsAllowed} {...anoncreds} /> AnonCreds
      </label>
      {!anoncredsAllowed && <p className="muted small">AnonCreds needs the anoncreds wallet type; this wallet is {walletType ?? 'of unknown type'}.</p>}
      {error && (
        <p className="field-error" id="formats-error">
          Choose indy, anoncreds or both ({error}).
        </p>
      )}
    </fieldset>
  );
}
