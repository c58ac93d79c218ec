// The staff console's layout (/staff/*): staff only (anyone else gets the 404 page), with the
// console's header.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { useLiveUpdates } from "~/hooks/use-live-updates";
import { StaffShell } from "~/components/staff/staff-shell";
import { requireStaff } from "~/staff/guards.server";
import { consoleQueues } from "~/staff/attention.server";
export { headers, shouldRevalidate } from "~/forms/page-hooks";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireStaff(request, context);
  return { email: user.email, waiting: await consoleQueues(Date.now()) };
}

export default function StaffLayout() {
  useLiveUpdates();
  const { email, waiting } = useLoaderData<typeof loader>();
  return (
    <StaffShell email={email} waiting={waiting}>
      <Outlet />
    </StaffShell>
  );
}
