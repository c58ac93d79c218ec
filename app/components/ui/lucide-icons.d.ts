// Types for lucide-react's per-icon modules, which the package ships without declarations: each
// one's default export is the icon component that the package's index exports under its name.
declare module "lucide-react/dist/esm/icons/*.js" {
  import type { LucideIcon } from "lucide-react";

  const icon: LucideIcon;
  export default icon;
}
