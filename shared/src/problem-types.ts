// The problem types the web app tells apart, free of zod for its first load (the schema is in problem.ts).

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/**
 * The problem type of "the agent as a whole cannot be used now": unreachable, too slow, or answering
 * 503 (busy, upgrading). The web app raises its banner for this type only; one failing record is not
 * an outage.
 */
export const AGENT_UNAVAILABLE_TYPE = 'urn:credence:problem:agent-unavailable';

/**
 * The agent refuses this organisation's access key (a newer one was minted for its wallet elsewhere): nothing
 * of the organisation can be used until an operator reconnects it. Shown as a banner, like an outage.
 */
export const TENANT_ACCESS_REFUSED_TYPE = 'urn:credence:problem:tenant-access-refused';

/** A batch file the same as one sent within a day: sent again only when the request names that batch (`repeat_of`). */
export const BATCH_REPEAT_TYPE = 'urn:credence:problem:batch-repeat';
