// The problem types the web app tells apart, free of zod for its first load (the schema is in problem.ts).

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/**
 * The problem type of "the agent as a whole cannot be used now": unreachable, too slow, or answering
 * 503 (busy, upgrading). The web app raises its banner for this type only; one failing record is not
 * an outage.
 */
export const AGENT_UNAVAILABLE_TYPE = 'urn:credence:problem:agent-unavailable';

/** A batch file the same as one sent within a day: sent again only when the request names that batch (`repeat_of`). */
export const BATCH_REPEAT_TYPE = 'urn:credence:problem:batch-repeat';
