// The signed-in layout (/dashboard/*): checks the session and reads the sidebar cookie so the
// first paint already has the sidebar the way the user left it.
import { type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { DashboardShell } from "~/components/dashboard/dashboard-shell";
import { requireUser } from "~/session/guards.server";
import { forwardRetryAfter } from "~/lib/retry-after";
import { readSidebarOpen } from "~/lib/cookies.server";

/** Data requests (client navigations) carry the outage 503's Retry-After from this route. */
export const headers = forwardRetryAfter;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, context);
  const sidebarOpen = readSidebarOpen(request.headers.get("Cookie"));
  return { email: user.email, sidebarOpen };
}

export default function DashboardLayout() {
  const { email, sidebarOpen } = useLoaderData<typeof loader>();
  return (
    <DashboardShell email={email} sidebarOpen={sidebarOpen}>
      <Outlet />
    </DashboardShell>
  );
}
