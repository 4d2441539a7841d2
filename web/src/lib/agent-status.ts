import { AGENT_UNAVAILABLE_TYPE, type Problem } from '@credence/shared';
import { useSyncExternalStore } from 'react';

/**
 * Whether the agent behind the console answers. An API answer of the agent-unavailable problem type
 * (the BFF's words for "the agent is unreachable, too slow, or answering 503") marks it unavailable;
 * the banner then probes until a call gets through, and clears it. Other 5xx answers (one record the
 * agent fails on) are that call's own error, not an outage.
 */
export interface AgentTrouble {
  status: 502 | 503 | 504;
  title: string;
  detail: string | undefined;
  since: number;
}

let trouble: AgentTrouble | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const isAgentOutage = (problem: Problem): problem is Problem & { status: AgentTrouble['status'] } =>
  problem.type === AGENT_UNAVAILABLE_TYPE && (problem.status === 502 || problem.status === 503 || problem.status === 504);

export function reportAgentTrouble(problem: Problem): void {
  if (!isAgentOutage(problem)) return;
  if (trouble && trouble.status === problem.status && trouble.detail === problem.detail) return;
  trouble = { status: problem.status, title: problem.title, detail: problem.detail, since: trouble?.since ?? Date.now() };
  emit();
}

export function clearAgentTrouble(): void {
  if (trouble === null) return;
  trouble = null;
  emit();
}

export const agentTrouble = (): AgentTrouble | null => trouble;

export function useAgentTrouble(): AgentTrouble | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => trouble,
  );
}
