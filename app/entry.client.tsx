// Browser entry: hydrates the server-rendered document and, in production, registers the service
// worker that shows an offline page when a page cannot be loaded at all.
import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});

/** No worker means the browser's own error page when offline: nothing else depends on it. */
function registerOfflinePage() {
  navigator.serviceWorker.register("/sw.js").catch(() => undefined);
}

if (import.meta.env.PROD && "serviceWorker" in navigator) {
  // This module is imported dynamically, often after the page's load event: register at once then,
  // else once the page's own downloads are done.
  if (document.readyState === "complete") registerOfflinePage();
  else window.addEventListener("load", registerOfflinePage, { once: true });
}
