/**
 * The console sent this page without a live session and said so (`<meta name="credence-session"
 * content="none">`, bff/src/static-web.ts): the app's first look at the session needs no request, so a
 * signed-out visit logs no 401. Taken once: later looks ask the server.
 */
let signedOutAtLoad = typeof document !== 'undefined' && document.querySelector('meta[name="credence-session"][content="none"]') !== null;

export function takeSentSignedOut(): boolean {
  const was = signedOutAtLoad;
  signedOutAtLoad = false;
  return was;
}
