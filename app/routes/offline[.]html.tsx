// /offline.html: the page the service worker keeps for when no page can be loaded, in the
// agency's name and colour (the worker's cache is keyed by the brand's version).
import { currentBrand } from "~/brand/brand.server";
import { offlinePage } from "~/brand/offline-page";

export async function loader() {
  return new Response(offlinePage(await currentBrand()), {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache" },
  });
}
