// /resources/live: the signed-in tab's stream of "this changed" pings (staff: the console's, after
// the auth service confirms the role).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { liveStream } from "~/live/stream.server";
import { STAFF_ROLE } from "~/lib/roles";
import { requireClient } from "~/session/guards.server";
import { requireStaff } from "~/staff/guards.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { member } = await requireClient(request, context);
  if (member.user.role === STAFF_ROLE) await requireStaff(request, context);
  return liveStream(request, context, member);
}
