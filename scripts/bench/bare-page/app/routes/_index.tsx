// The reference page's one route: static text, no loader, no data.
export default function Index() {
  return (
    <main>
      <h1>Reference page</h1>
      <p>A Remix route with nothing of the portal in it.</p>
    </main>
  );
}
