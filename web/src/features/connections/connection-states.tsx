import type { MessageKey } from '../../i18n/catalogue';
import { useT } from '../../i18n/use-t';

/** A connection's state in a clerk's words (a catalogue key; a state the agent adds later as it names it), and its tone. */
export function connectionStatus(state: string): { label: MessageKey | undefined; tone: 'success' | 'attention' | 'danger' | 'neutral' } {
  switch (state) {
    case 'active':
    case 'completed':
      return { label: 'connectionState.connected', tone: 'success' };
    case 'invitation':
    case 'start':
      return { label: 'connectionState.invited', tone: 'neutral' };
    case 'request':
    case 'response':
      return { label: 'connectionState.connecting', tone: 'attention' };
    case 'abandoned':
    case 'error':
      return { label: 'connectionState.failed', tone: 'danger' };
    case 'deleted':
      return { label: 'connectionState.removed', tone: 'neutral' };
    default:
      return { label: undefined, tone: 'neutral' };
  }
}

export function ConnectionStateBadge({ state }: { state: string }) {
  const t = useT();
  const { label, tone } = connectionStatus(state);
  return (
    <span className={`badge badge-${tone}`} title={t('connectionState.agentState', { state })}>
      {label ? t(label) : state}
    </span>
  );
}
