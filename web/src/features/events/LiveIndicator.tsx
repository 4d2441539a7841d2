import { useT } from '../../i18n/use-t';
import { useLiveStatus } from '../../lib/live-status';

const text = { connecting: 'live.connecting', live: 'live.live', reconnecting: 'live.reconnecting', offline: 'live.offline' } as const;

/** Whether what is on screen is kept current: live, reconnecting, or offline. */
export function LiveIndicator() {
  const t = useT();
  const status = useLiveStatus();
  return (
    <span className={`live-indicator live-${status}`} role="status" aria-label={t('live.label', { status: t(text[status]) })} title={t('live.title')}>
      <span className="live-dot" aria-hidden="true" />
      {t(text[status])}
    </span>
  );
}
