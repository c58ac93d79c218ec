// The signed-in layout (/dashboard/*): checks the session, reads the client's programme (shared by
// the sidebar's progress card and every page below), its unread messages, the sidebar cookie, the
// reader's time zone (every time below is shown in it), and whether to offer staff their console.
import { type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useMatches } from "@remix-run/react";
import { useLiveUpdates } from "~/hooks/use-live-updates";
import { ReaderZone } from "~/lib/reader-time";
import { clientUnread } from "~/dashboard/messages.server";
import { loadProgramme } from "~/dashboard/programme.server";
import { DashboardShell } from "~/components/dashboard/dashboard-shell";
import { cookieValue } from "~/lib/cookies.server";
import { SIDEBAR_COOKIE_NAME, sidebarOpenFrom } from "~/components/ui/sidebar-model";
import { STAFF_ROLE } from "~/lib/roles";
import { requireClient } from "~/session/guards.server";
import type { DrawnPerDataHandle } from "~/delivery/shared-pages.server";
import { personName } from "~/people/names";
export { headers, shouldRevalidate } from "~/forms/page-hooks";

/** The shell is drawn from its data alone; its pages say whether they are (decision 066). */
export const handle: DrawnPerDataHandle = { drawnPerData: true };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { member } = await requireClient(request, context);
  const { user } = member;
  const sidebarOpen = sidebarOpenFrom(
    cookieValue(request.headers.get("Cookie"), SIDEBAR_COOKIE_NAME),
  );
  const [programme, unreadMessages] = await Promise.all([
    loadProgramme(context, member),
    clientUnread(member),
  ]);
  const isStaff = user.role === STAFF_ROLE;
  return {
    email: user.email,
    isStaff,
    sidebarOpen,
    programme,
    unreadMessages,
    timeZone: member.timeZone,
    // Only while staff preview: every client page's data stays as it was.
    ...(member.preview
      ? {
          preview: {
            name: personName(user.email, member.preview.name),
            accountId: member.accountId,
          },
        }
      : {}),
  };
}

export default function DashboardLayout() {
  useLiveUpdates();
  const data = useLoaderData<typeof loader>();
  const { email, isStaff, sidebarOpen, programme, unreadMessages, timeZone } = data;
  const preview = "preview" in data ? data.preview : undefined;
  // The thread on screen is being read: nothing in it counts as unread (its loader marks it so).
  const reading = useMatches().some((match) => match.id === "routes/dashboard.messages");
  return (
    <ReaderZone.Provider value={timeZone}>
      <DashboardShell
        email={email}
        isStaff={isStaff}
        sidebarOpen={sidebarOpen}
        programme={programme}
        unreadMessages={reading ? 0 : unreadMessages}
        preview={preview}
      >
        <Outlet />
      </DashboardShell>
    </ReaderZone.Provider>
  );
}
