// The signed-in layout (/dashboard/*): checks the session, reads the client's programme (the
// sidebar's progress card and every page below share it), its unread messages and the sidebar
// cookie, so the first paint already has the sidebar the way the user left it.
import { type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useMatches } from "@remix-run/react";
import { useLiveUpdates } from "~/hooks/use-live-updates";
import { clientUnread } from "~/dashboard/messages.server";
import { loadProgramme } from "~/dashboard/programme.server";
import { DashboardShell } from "~/components/dashboard/dashboard-shell";
import { readSidebarOpen } from "~/lib/cookies.server";
import { requireUser } from "~/session/guards.server";
export { headers, shouldRevalidate } from "~/forms/page-hooks";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, context);
  const sidebarOpen = readSidebarOpen(request.headers.get("Cookie"));
  const [programme, unreadMessages] = await Promise.all([
    loadProgramme(context, user.id),
    clientUnread(user.id),
  ]);
  return { email: user.email, sidebarOpen, programme, unreadMessages };
}

export default function DashboardLayout() {
  useLiveUpdates();
  const { email, sidebarOpen, programme, unreadMessages } = useLoaderData<typeof loader>();
  // The thread on screen is being read: nothing in it counts as unread (its loader marks it so).
  const reading = useMatches().some((match) => match.id === "routes/dashboard.messages");
  return (
    <DashboardShell
      email={email}
      sidebarOpen={sidebarOpen}
      programme={programme}
      unreadMessages={reading ? 0 : unreadMessages}
    >
      <Outlet />
    </DashboardShell>
  );
}
