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
