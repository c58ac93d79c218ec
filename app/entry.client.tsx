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

if (import.meta.env.PROD && "serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    // No worker means the browser's own error page when offline: nothing else depends on it.
    navigator.serviceWorker.register("/sw.js").catch(() => undefined);
  });
}
