/** A page whose feature has not been built yet: says so plainly instead of pretending. */
export function NotYetAvailable({ title }: { title: string }) {
  return (
    <section aria-labelledby="pending-title">
      <div className="page-head">
        <h1 id="pending-title">{title}</h1>
      </div>
      <div className="state-panel">
        <p>This part of the console is not available in this version yet.</p>
      </div>
    </section>
  );
}

export function NotFoundPage() {
  return (
    <section aria-labelledby="notfound-title">
      <div className="page-head">
        <h1 id="notfound-title">Page not found</h1>
      </div>
      <p>There is nothing at this address. Use the navigation above.</p>
    </section>
  );
}
