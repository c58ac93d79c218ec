// The agency's mark beside its name in a page's frame: its logo's header drawing once one is
// uploaded, else the portal's sparkles.
import { Icon } from "~/components/ui/icon";
import { logoPath, type FrameBrand } from "~/lib/page-meta";

export function BrandMark({ brand }: { brand: FrameBrand }) {
  if (brand.logo) {
    return (
      <img
        src={logoPath(brand.logo, "header")}
        alt=""
        height={32}
        className="h-8 w-auto max-w-40 shrink-0 object-contain"
      />
    );
  }
  return (
    <span className="brand-mark">
      <Icon name="sparkles" className="size-4" />
    </span>
  );
}
