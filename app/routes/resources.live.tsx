// /resources/live: the signed-in tab's stream of "this changed" pings (staff: the console's, after
// the auth service confirms the role; none for a preview).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { liveStream } from "~/live/stream.server";
import { STAFF_ROLE } from "~/lib/roles";
import { requireClient } from "~/session/guards.server";
import { requireStaff } from "~/staff/guards.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { member } = await requireClient(request, context);
  if (member.user.role === STAFF_ROLE) await requireStaff(request, context);
  // A preview is a still picture of the client's pages: no stream (a 204 stops the browser's).
  if (member.preview) return new Response(null, { status: 204 });
  return liveStream(request, context, member);
}
