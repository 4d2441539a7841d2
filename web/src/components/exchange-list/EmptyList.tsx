import { useT } from '../../i18n/use-t';

/** The lists an empty page can be of, by what their rows are. */
export const listNouns = {
  'credential exchanges': 'credentialExchanges',
  'presentation exchanges': 'presentationExchanges',
  'issued credentials': 'issuedCredentials',
} as const;
export type ListNoun = keyof typeof listNouns;

interface EmptyListProps {
  noun: ListNoun;
  offset: number;
  hasFilters: boolean;
  onClear: () => void;
  onFirstPage: () => void;
}

/** What an empty page means: past the last record, nothing matching the filters, or nothing at all yet. */
export function EmptyList({ noun, offset, hasFilters, onClear, onFirstPage }: EmptyListProps) {
  const t = useT();
  const what = { noun: listNouns[noun] };
  if (offset > 0) {
    return (
      <div className="state-panel">
        <h2>{t('list.empty.pastEnd', what)}</h2>
        <button type="button" className="button" onClick={onFirstPage}>
          {t('list.empty.firstPage')}
        </button>
      </div>
    );
  }
  return (
    <div className="state-panel">
      <h2>{hasFilters ? t('list.empty.noMatch', what) : t('list.empty.none', what)}</h2>
      {hasFilters && (
        <button type="button" className="button" onClick={onClear}>
          {t('list.clearFilters')}
        </button>
      )}
    </div>
  );
}
