// The staff console's layout (/staff/*): staff only (anyone else gets the 404 page), with the
// console's header; every time below is shown in the staff member's own zone.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { useLiveUpdates } from "~/hooks/use-live-updates";
import { StaffShell } from "~/components/staff/staff-shell";
import { requireStaff } from "~/staff/guards.server";
import { consoleQueues } from "~/staff/attention.server";
import { loadTimeZone } from "~/auth/time-zone.server";
import { ReaderZone } from "~/lib/reader-time";
export { headers, shouldRevalidate } from "~/forms/page-hooks";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireStaff(request, context);
  const [waiting, { timeZone }] = await Promise.all([
    consoleQueues(Date.now()),
    loadTimeZone(user),
  ]);
  return { email: user.email, waiting, timeZone };
}

export default function StaffLayout() {
  useLiveUpdates();
  const { email, waiting, timeZone } = useLoaderData<typeof loader>();
  return (
    <ReaderZone.Provider value={timeZone}>
      <StaffShell email={email} waiting={waiting}>
        <Outlet />
      </StaffShell>
    </ReaderZone.Provider>
  );
}
