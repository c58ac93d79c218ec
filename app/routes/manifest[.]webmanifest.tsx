// /manifest.webmanifest: the agency's name, colour and icons for a portal on a home screen; asked
// afresh each time, so a new brand shows at once.
import { currentBrand } from "~/brand/brand.server";
import { webManifest } from "~/brand/web-manifest";

export async function loader() {
  return new Response(JSON.stringify(webManifest(await currentBrand())), {
    headers: { "Content-Type": "application/manifest+json", "Cache-Control": "no-cache" },
  });
}
