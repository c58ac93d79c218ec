// The web manifest: the agency's name, colour and icons (its logo's drawings once it has one, else
// the portal's mark), for a portal added to a phone's home screen.
import { logoPath } from "~/lib/page-meta";
import type { AgencyBrand } from "./brand";

export function webManifest(brand: AgencyBrand) {
  const icons = brand.logo
    ? (["icon-192", "icon-512"] as const).map((file) => ({
        src: logoPath(brand.logo!, file),
        sizes: file === "icon-192" ? "192x192" : "512x512",
        type: "image/png",
      }))
    : [{ src: "/favicon.svg", sizes: "any", type: "image/svg+xml" }];
  return {
    name: brand.name,
    short_name: brand.name.slice(0, 12),
    start_url: "/dashboard",
    display: "standalone",
    theme_color: brand.colour ?? "#0f172a",
    background_color: "#f8fafc",
    icons,
  };
}
