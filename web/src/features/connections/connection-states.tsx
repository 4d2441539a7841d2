/** A connection's state in a clerk's words, and whether it is settled (nothing more will happen by itself). */
export function connectionStatus(state: string): { label: string; tone: 'success' | 'attention' | 'danger' | 'neutral' } {
  switch (state) {
    case 'active':
    case 'completed':
      return { label: 'Connected', tone: 'success' };
    case 'invitation':
    case 'start':
      return { label: 'Invited, not accepted yet', tone: 'neutral' };
    case 'request':
    case 'response':
      return { label: 'Connecting', tone: 'attention' };
    case 'abandoned':
    case 'error':
      return { label: 'Failed', tone: 'danger' };
    case 'deleted':
      return { label: 'Removed', tone: 'neutral' };
    default:
      return { label: state, tone: 'neutral' };
  }
}

export function ConnectionStateBadge({ state }: { state: string }) {
  const { label, tone } = connectionStatus(state);
  return (
    <span className={`badge badge-${tone}`} title={`Agent state: ${state}`}>
      {label}
    </span>
  );
}
