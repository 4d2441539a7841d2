import type { RegisterKind, RegisterSort } from '@credence/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { consoleConfigQueries } from '../../lib/console-config';
import { ownCredDefLabel, ownDefinitionQueries } from '../../lib/own-definitions';
import type { MessageKey } from '../../i18n/catalogue';
import { useT } from '../../i18n/use-t';
import { useExchangeWords } from '../../lib/exchange-words';
import type { ConnectionOption } from '../../lib/connections';
import { useSearchParams } from 'react-router';
import { CanonicalSearch, LeftOutOfLink } from '../../lib/canonical-search';
import { ChoiceField, type Choice } from '../ui/ChoiceField';
import { datesAreCrossed } from '../../lib/format';
import { searchOfListParams, type ExchangeListParams, type FilterKey, type ListChanges } from './list-params';

interface FiltersBarProps {
  kind: RegisterKind;
  params: ExchangeListParams;
  states: readonly string[];
  roles: readonly string[];
  connections: ConnectionOption[];
  onChange: (changes: ListChanges) => void;
  onClear: () => void;
  hasFilters: boolean;
}

const SORTS: Record<RegisterSort, MessageKey> = {
  '-created': 'filters.sort.newest',
  created: 'filters.sort.oldest',
  '-updated': 'filters.sort.recentlyChanged',
  updated: 'filters.sort.longestUnchanged',
};

/** The filters behind "More filters": their count shows on it, and any one set keeps it open. */
const MORE: FilterKey[] = ['cred_def_id', 'from', 'to', 'removed', 'verified', 'thread_id'];

/** What was typed in a text filter, replaced by the address's value when that changes (back, a cleared filter). */
function useTyped(value: string | undefined) {
  const [typed, setTyped] = useState({ for: value, text: value ?? '' });
  const text = typed.for === value ? typed.text : (value ?? '');
  return [text, (text: string) => setTyped({ for: value, text })] as const;
}

export function FiltersBar({ kind, params, states, roles, connections, onChange, onClear, hasFilters }: FiltersBarProps) {
  const t = useT();
  const words = useExchangeWords();
  const [q, setQ] = useTyped(params.q);
  const [threadId, setThreadId] = useTyped(params.thread_id);
  const moreSet = MORE.filter((k) => params[k] !== undefined).length;
  const [moreOpen, setMoreOpen] = useState(moreSet > 0);
  // On a phone only the search shows until "Filters" is pressed: the list stays on the first screen.
  const [phoneOpen, setPhoneOpen] = useState(false);
  const setCount = (['state', 'role', 'connection_id', ...MORE] as FilterKey[]).filter((k) => params[k] !== undefined).length;
  // The agent's own credential definitions, to filter by: asked for only once the filters are opened.
  const walletType = useQuery(consoleConfigQueries.current()).data?.wallet.type;
  const definitions = useQuery({
    ...ownDefinitionQueries.list(walletType ?? null),
    enabled: kind === 'credential' && moreOpen && walletType !== undefined,
  }).data;
  const select = (key: FilterKey) => (e: { target: { value: string } }) => onChange({ [key]: e.target.value || undefined });
  const choose = (key: FilterKey) => (value: string | undefined) => onChange({ [key]: value });
  const datesCrossed = datesAreCrossed(params.from, params.to);
  const [search] = useSearchParams();
  const sorts: Choice[] = Object.entries(SORTS).map(([value, key]) => [value, t(key)]);
  const removed: Choice[] = [
    ['false', t('filters.stillOnAgent')],
    ['true', t('filters.removedFromAgent')],
  ];
  const verified: Choice[] = [
    ['true', t('filters.verified')],
    ['false', t('filters.notVerified')],
  ];

  return (
    <>
      <CanonicalSearch search={search} canonical={searchOfListParams(params, kind)} />
      <LeftOutOfLink />
      <form
        className="filters"
        role="search"
        aria-label={t('filters.label')}
        onSubmit={(event) => {
          event.preventDefault();
          onChange({ q: q.trim() || undefined, thread_id: threadId.trim() || undefined });
        }}
      >
        <div className="field field-grow">
          <label htmlFor="filter-q">{t('filters.search')}</label>
          <input
            id="filter-q"
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder={t('filters.search.placeholder', { kind })}
            aria-describedby="filter-q-hint"
            maxLength={200}
          />
          <span id="filter-q-hint" className="visually-hidden">
            {t('filters.search.hint', { kind })}
          </span>
        </div>
        <button
          type="button"
          className="button filters-toggle"
          aria-expanded={phoneOpen}
          aria-controls="filters-rest"
          onClick={() => setPhoneOpen((open) => !open)}
        >
          {t('filters.toggle', { count: setCount })}
        </button>
        <div id="filters-rest" className={`filters-rest${phoneOpen ? ' open' : ''}`}>
          <ChoiceField
            id="filter-state"
            label={t('filters.state')}
            value={params.state}
            onChange={choose('state')}
            any={t('filters.anyState')}
            choices={states.map((v) => [v, words.state(v)])}
          />
          <ChoiceField
            id="filter-role"
            label={t('filters.role')}
            value={params.role}
            onChange={choose('role')}
            any={t('filters.anyRole')}
            choices={roles.map((v) => [v, words.role(v)])}
          />
          <ChoiceField
            id="filter-connection"
            label={t('filters.connection')}
            value={params.connection_id}
            onChange={choose('connection_id')}
            any={t('filters.anyConnection')}
            choices={connections.map((c) => [c.id, c.label])}
          />
          <ChoiceField id="filter-sort" label={t('filters.order')} value={params.sort} onChange={(sort) => onChange({ sort })} choices={sorts} />
          <div className="filter-actions">
            <button type="submit" className="button">
              {t('filters.submit')}
            </button>
            {hasFilters && (
              <button type="button" className="button subtle" onClick={onClear}>
                {t('list.clearFilters')}
              </button>
            )}
          </div>
          <details className="more-filters" open={moreOpen} onToggle={(e) => setMoreOpen(e.currentTarget.open)}>
            <summary>{t('filters.more', { count: moreSet })}</summary>
            <div className="more-filters-fields">
              {kind === 'credential' && (
                <ChoiceField
                  id="filter-cred-def"
                  label={t('filters.credDef')}
                  value={params.cred_def_id}
                  onChange={choose('cred_def_id')}
                  any={t('filters.any')}
                  choices={(definitions ?? []).map((d) => [d.credDefId, ownCredDefLabel(d)])}
                />
              )}
              <div className="field">
                <label htmlFor="filter-from">{t('filters.from')}</label>
                <input id="filter-from" type="date" value={params.from?.slice(0, 10) ?? ''} onChange={select('from')} />
              </div>
              <div className="field">
                <label htmlFor="filter-to">{t('filters.to')}</label>
                <input
                  id="filter-to"
                  type="date"
                  value={params.to?.slice(0, 10) ?? ''}
                  onChange={select('to')}
                  aria-invalid={datesCrossed || undefined}
                  aria-describedby={datesCrossed ? 'filter-dates-crossed' : undefined}
                />
              </div>
              {datesCrossed && (
                <p id="filter-dates-crossed" className="field-error dates-crossed" role="alert">
                  {t('filters.datesCrossed')}
                </p>
              )}
              <ChoiceField
                id="filter-removed"
                label={t('filters.onAgent')}
                value={params.removed}
                onChange={choose('removed')}
                any={t('filters.either')}
                choices={removed}
              />
              {kind === 'presentation' && (
                <ChoiceField
                  id="filter-verified"
                  label={t('filters.result')}
                  value={params.verified}
                  onChange={choose('verified')}
                  any={t('filters.anyResult')}
                  choices={verified}
                />
              )}
              <div className="field field-grow">
                <label htmlFor="filter-thread">{t('filters.threadId')}</label>
                <input
                  id="filter-thread"
                  value={threadId}
                  onChange={(e) => setThreadId(e.target.value)}
                  placeholder={t('filters.threadId.placeholder')}
                  spellCheck={false}
                  maxLength={200}
                />
              </div>
            </div>
          </details>
        </div>
      </form>
    </>
  );
}
