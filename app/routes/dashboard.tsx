// The signed-in layout (/dashboard/*): checks the session, reads the client's programme (the
// sidebar's progress card and every page below share it) and the sidebar cookie, so the first
// paint already has the sidebar the way the user left it.
import { type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { useLiveUpdates } from "~/hooks/use-live-updates";
import { loadProgramme } from "~/dashboard/programme.server";
import { DashboardShell } from "~/components/dashboard/dashboard-shell";
import { readSidebarOpen } from "~/lib/cookies.server";
import { requireUser } from "~/session/guards.server";
export { headers, shouldRevalidate } from "~/forms/page-hooks";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, context);
  const sidebarOpen = readSidebarOpen(request.headers.get("Cookie"));
  return { email: user.email, sidebarOpen, programme: await loadProgramme(context, user.id) };
}

export default function DashboardLayout() {
  useLiveUpdates();
  const { email, sidebarOpen, programme } = useLoaderData<typeof loader>();
  return (
    <DashboardShell email={email} sidebarOpen={sidebarOpen} programme={programme}>
      <Outlet />
    </DashboardShell>
  );
}
