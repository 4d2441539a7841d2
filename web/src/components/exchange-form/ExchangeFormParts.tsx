import { isAnoncredsWallet } from '@credence/shared';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { translate } from '../../i18n/active-intl';
import { useT } from '../../i18n/use-t';
import { whyNotUsable, type ConnectionOption } from '../../lib/connections';
import { consoleConfigQueries } from '../../lib/console-config';

/** Renders a builder once the wallet type is known: it decides which formats can be offered. */
export function WithWalletType({ children }: { children: (walletType: string | null) => ReactNode }) {
  const t = useT();
  const config = useQuery(consoleConfigQueries.current());
  if (config.isPending)
    return (
      <div className="state-panel" aria-busy="true">
        {t('common.loading')}
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
  /**
   * The form's value. Given, the select always shows it — also while the list loads, and when it names
   * a connection that is unknown or not ready (a link from elsewhere) — never the prompt while another is sent.
   */
  value?: string;
}

/**
 * Why the chosen connection cannot receive anything now, in a clerk's words; undefined when it can (or
 * none is chosen: the form's own rule says so). A form checks this before it sends.
 */
export function connectionProblem(options: ConnectionOption[], status: 'pending' | 'error' | 'success', value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (status === 'pending') return translate('connectionField.stillLoading');
  if (status === 'error') return translate('connectionField.couldNotCheck');
  const chosen = options.find((c) => c.id === value);
  if (!chosen) return translate('connectionField.unknownFromLink');
  const why = whyNotUsable(chosen.state);
  return why ? translate('connectionField.notReady', { name: chosen.label, why }) : undefined;
}

/**
 * The connection to send to: every connection is listed, those not ready for messages disabled with
 * the reason, so a clerk looking for a holder learns why they cannot pick them.
 */
export function ConnectionField({ field, options, status, prompt, chosen, error, value }: ConnectionFieldProps) {
  const t = useT();
  const waiting = options.filter((c) => !c.ready).length;
  const hint =
    status === 'pending'
      ? t('connectionField.hint.loading')
      : status === 'error'
        ? t('connectionField.hint.error')
        : options.length === 0
          ? t('connectionField.hint.none')
          : waiting > 0
            ? t('connectionField.hint.waiting', { count: waiting })
            : '';
  // A chosen id not (yet) among the options is shown as what it is, so the select never shows the prompt instead.
  const unlisted = value && !options.some((c) => c.id === value) ? value : undefined;
  // Loading is not a problem to show in red; an unknown or unready connection is, at once.
  const problem = status === 'pending' ? undefined : connectionProblem(options, status, value);
  const shown = error ?? problem;
  return (
    <div className="field">
      <label htmlFor="connection">{t('connectionField.label')}</label>
      <select
        id="connection"
        aria-invalid={!!shown}
        aria-busy={status === 'pending'}
        aria-describedby="connection-hint connection-error"
        {...field}
        {...(value !== undefined && { value })}
      >
        <option value="">{prompt}</option>
        {unlisted && (
          <option value={unlisted} disabled>
            {status === 'pending'
              ? t('connectionField.chosenLoading')
              : status === 'error'
                ? t('connectionField.chosenNotLoaded')
                : t('connectionField.unknown')}
          </option>
        )}
        {options.map((c) => (
          <option key={c.id} value={c.id} disabled={!c.ready}>
            {c.ready ? c.label : t('connectionField.notReadyOption', { name: c.label, why: whyNotUsable(c.state) })}
          </option>
        ))}
      </select>
      <p className="muted small" id="connection-hint">
        {hint}
        <Link to="/connections/new">{t('connectionField.invite')}</Link>
      </p>
      {shown && (
        <p className="field-error" id="connection-error">
          {error !== undefined && !chosen ? t('connectionField.promptRequired', { prompt }) : shown}
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
