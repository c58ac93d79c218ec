// The signed-in sidebar's content: brand, Dashboard, Sprint 1–4, Messages (with the unread count),
// Files, Team and Account links, and the fixed 'Overall Progress' card.
import { Progress } from "~/components/ui/progress";
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuLink,
} from "~/components/ui/sidebar";
import { ACCOUNT_PATH, DASHBOARD_PATH, FILES_PATH, MESSAGES_PATH, TEAM_PATH } from "~/lib/paths";
import type { ProgrammeView } from "~/programme/client-programme";
import { useFrameBrand } from "~/lib/page-meta";
import { BrandMark } from "~/components/brand-mark";

export function AppSidebar({
  programme,
  unreadMessages,
}: {
  programme: ProgrammeView;
  unreadMessages: number;
}) {
  const brand = useFrameBrand();
  return (
    <Sidebar>
      <SidebarHeader>
        <div className="flex h-10 items-center gap-2 overflow-hidden px-1 group-data-[state=collapsed]:px-0">
          <BrandMark brand={brand} />
          <span className="truncate font-semibold text-slate-900 group-data-[state=collapsed]:sr-only">
            {brand.name}
          </span>
        </div>
      </SidebarHeader>
      <SidebarContent>
        <nav aria-label="Main">
          <SidebarMenu>
            <SidebarMenuLink to={DASHBOARD_PATH} end icon="layout-dashboard">
              Dashboard
            </SidebarMenuLink>
            {programme.sprints.map((sprint) => (
              <SidebarMenuLink key={sprint.id} to={sprint.path} icon={sprint.icon}>
                {sprint.name}
              </SidebarMenuLink>
            ))}
            <SidebarMenuLink
              to={MESSAGES_PATH}
              icon="message-square"
              count={unreadMessages}
              label={unreadMessages > 0 ? `Messages, ${unreadMessages} unread` : undefined}
            >
              Messages
            </SidebarMenuLink>
            <SidebarMenuLink to={FILES_PATH} icon="folder-open">
              Files
            </SidebarMenuLink>
            <SidebarMenuLink to={TEAM_PATH} icon="users">
              Team
            </SidebarMenuLink>
            <SidebarMenuLink to={ACCOUNT_PATH} icon="user-cog">
              Account
            </SidebarMenuLink>
          </SidebarMenu>
        </nav>
      </SidebarContent>
      <SidebarFooter className="group-data-[state=collapsed]:hidden">
        <div className="rounded-lg border border-sidebar-border bg-background p-4">
          <p className="flex items-baseline justify-between text-sm font-medium">
            Overall Progress{" "}
            <span className="text-base font-semibold">{programme.overallProgress}%</span>
          </p>
          <Progress
            value={programme.overallProgress}
            aria-label="Overall Progress"
            className="mt-2"
          />
          <p className="mt-2 text-xs text-muted-foreground">{programme.current}</p>
        </div>
      </SidebarFooter>
    </Sidebar>
  );
}
