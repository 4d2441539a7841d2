interface EmptyListProps {
  noun: string;
  offset: number;
  hasFilters: boolean;
  onClear: () => void;
  onFirstPage: () => void;
}

/** What an empty page means: past the last record, nothing matching the filters, or nothing at all yet. */
export function EmptyList({ noun, offset, hasFilters, onClear, onFirstPage }: EmptyListProps) {
  if (offset > 0) {
    return (
      <div className="state-panel">
        <h2>No more {noun} on this page</h2>
        <button type="button" className="button" onClick={onFirstPage}>
          Go to the first page
        </button>
      </div>
    );
  }
  return (
    <div className="state-panel">
      <h2>
        No {noun}
        {hasFilters ? ' match these filters' : ' yet'}
      </h2>
      {hasFilters && (
        <button type="button" className="button" onClick={onClear}>
          Clear filters
        </button>
      )}
    </div>
  );
}
