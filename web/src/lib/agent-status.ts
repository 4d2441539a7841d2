import type { Problem } from '@credence/shared';
import { useSyncExternalStore } from 'react';

/**
 * Whether the agent behind the console answers. Any API answer of 502/503/504 (the BFF's words for
 * "the agent is unreachable, busy or too slow") marks it unavailable; the banner then probes until a
 * call gets through, and clears it.
 */
export interface AgentTrouble {
  status: 502 | 503 | 504;
  title: string;
  detail: string | undefined;
  since: number;
}

const AGENT_FAILURES = new Set([502, 503, 504]);
let trouble: AgentTrouble | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const isAgentFailure = (status: number): status is AgentTrouble['status'] => AGENT_FAILURES.has(status);

export function reportAgentTrouble(problem: Problem): void {
  if (!isAgentFailure(problem.status)) return;
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
