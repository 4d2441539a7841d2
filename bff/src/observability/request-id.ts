import { randomUUID } from 'node:crypto';

/** An incoming X-Request-Id is kept only when it is a short token of safe characters (a proxy's id); else a new one. */
const SAFE_ID = /^[A-Za-z0-9._:-]{8,64}$/;

export function requestIdFrom(header: string | undefined): string {
  return header !== undefined && SAFE_ID.test(header) ? header : randomUUID();
}
