// The dashboard's phone sidebar sheet (Radix dialog) as a lazy island: its code is fetched only when
// the sheet opens, or is about to (the trigger's hover or focus). Without the chunk, the browser
// loads the page with `?sidebar=open`, whose server-rendered HTML shows the sheet.
import { lazyIsland } from "~/components/lazy-island";
import type { SidebarSheetSource } from "~/components/ui/sidebar";
import { withMobileSidebar } from "~/components/ui/sidebar-model";

const island = lazyIsland(
  () => import("~/components/ui/sidebar-sheet").then((module) => module.SidebarSheet),
  () => withMobileSidebar(`${window.location.pathname}${window.location.search}`, true),
);

export const lazySidebarSheet: SidebarSheetSource = {
  Sheet: island.Island,
  preload: island.preload,
};
