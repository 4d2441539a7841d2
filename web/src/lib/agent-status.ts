import { AGENT_UNAVAILABLE_TYPE, TENANT_ACCESS_REFUSED_TYPE, type Problem } from '@credence/shared';
import { externalStore } from './external-store';

/**
 * Whether the agent behind the console answers. An API answer of the agent-unavailable problem type
 * (the BFF's words for "the agent is unreachable, too slow, or answering 503") marks it unavailable;
 * the banner then probes until a call gets through, and clears it. Other 5xx answers (one record the
 * agent fails on) are that call's own error, not an outage.
 */
export interface AgentTrouble {
  status: 502 | 503 | 504;
  /** An outage, or the agent refusing this organisation's access key (until an operator reconnects it). */
  kind: 'outage' | 'access-refused';
  title: string;
  detail: string | undefined;
  since: number;
}

const store = externalStore<AgentTrouble | null>(null);

export const isAgentOutage = (problem: Problem): problem is Problem & { status: AgentTrouble['status'] } =>
  (problem.type === AGENT_UNAVAILABLE_TYPE || problem.type === TENANT_ACCESS_REFUSED_TYPE) &&
  (problem.status === 502 || problem.status === 503 || problem.status === 504);

export function reportAgentTrouble(problem: Problem): void {
  if (!isAgentOutage(problem)) return;
  const trouble = store.get();
  if (trouble && trouble.status === problem.status && trouble.detail === problem.detail && trouble.title === problem.title) return;
  const kind = problem.type === TENANT_ACCESS_REFUSED_TYPE ? 'access-refused' : 'outage';
  store.set({ status: problem.status, kind, title: problem.title, detail: problem.detail, since: trouble?.since ?? Date.now() });
}

export const clearAgentTrouble = (): void => store.set(null);

export const useAgentTrouble = store.useValue;
