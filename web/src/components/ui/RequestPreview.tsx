import type { RouteEntry } from '@credence/shared';

/** "What will be sent": the exact method, path and JSON body a form is about to send to the agent. */
export function RequestPreview({ route, body }: { route: Pick<RouteEntry, 'method' | 'path'>; body: string }) {
  return (
    <aside className="card json-preview" aria-labelledby="request-preview-title">
      <h2 id="request-preview-title">What will be sent</h2>
      <p className="muted small mono">
        {route.method} {route.path}
      </p>
      <pre aria-label="Request body" tabIndex={0}>
        {body}
      </pre>
    </aside>
  );
}
