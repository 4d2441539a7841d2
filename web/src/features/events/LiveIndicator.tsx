import { useLiveStatus } from '../../lib/live-status';

const text = { connecting: 'Connecting…', live: 'Live', reconnecting: 'Reconnecting…', offline: 'Offline' } as const;

/** Whether what is on screen is kept current: live, reconnecting, or offline. */
export function LiveIndicator() {
  const status = useLiveStatus();
  return (
    <span
      className={`live-indicator live-${status}`}
      role="status"
      aria-label={`Live updates: ${text[status]}`}
      title="Updates from the agent arrive as they happen while this says Live."
    >
      <span className="live-dot" aria-hidden="true" />
      {text[status]}
    </span>
  );
}
