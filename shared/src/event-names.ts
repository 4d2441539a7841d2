// Names on the console's event stream, free of zod for the browser's first load (the schemas are in events.ts).

/** SSE event names besides the default `message`. */
export const RESYNC_EVENT = 'resync';

/** The topic of the event the console publishes when a wallet fetches a short URL. */
export const INVITATION_FETCHED_TOPIC = 'credence_invitation_fetched';
