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

/**
 * No worker means the browser's own error page when offline: nothing else depends on it. Its
 * address names the brand's version, so a new name, colour or logo installs a new offline page.
 */
function registerOfflinePage() {
  const brand = document.documentElement.dataset.brand ?? "0";
  navigator.serviceWorker.register(`/sw.js?brand=${brand}`).catch(() => undefined);
}

if (import.meta.env.PROD && "serviceWorker" in navigator) {
  // This module is imported dynamically, often after the page's load event: register at once then,
  // else once the page's own downloads are done.
  if (document.readyState === "complete") registerOfflinePage();
  else window.addEventListener("load", registerOfflinePage, { once: true });
}
