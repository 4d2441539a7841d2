import { useExchangeWords } from '../../lib/exchange-words';

const tone: Record<string, string> = {
  done: 'success',
  'credential-issued': 'success',
  'credential-received': 'attention',
  'offer-received': 'attention',
  'request-received': 'attention',
  'presentation-received': 'attention',
  abandoned: 'danger',
  'credential-revoked': 'danger',
  deleted: 'muted',
};

export function StateBadge({ state }: { state: string }) {
  const words = useExchangeWords();
  return <span className={`badge badge-${tone[state] ?? 'neutral'}`}>{words.state(state)}</span>;
}
