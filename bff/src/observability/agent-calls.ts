import type { AgentCallSeen } from '../acapy/client.js';
import { agentRouteTemplate } from './agent-route-template.js';
import type { AgentCallOutcome, Metrics } from './metrics.js';

export function agentCallOutcome(call: Pick<AgentCallSeen, 'status' | 'failure'>): AgentCallOutcome {
  if (call.failure) return call.failure;
  if (call.status < 400) return 'success';
  return call.status < 500 ? 'client_error' : 'server_error';
}

/** The agent client's observer that counts its calls in `metrics`, by route template. */
export function agentCallMetrics(metrics: Metrics): (call: AgentCallSeen) => void {
  return (call) => metrics.agentCall(agentRouteTemplate(call.path), call.method, agentCallOutcome(call), call.seconds);
}
