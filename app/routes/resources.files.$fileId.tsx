// /resources/files/<id>: a shared file's bytes, for the client it belongs to or for staff.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { fileDownload } from "~/files/download.server";
import { STAFF_ROLE } from "~/lib/roles";
import { requireClient } from "~/session/guards.server";
import { requireStaff } from "~/staff/guards.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { member, headers } = await requireClient(request, context);
  if (member.user.role === STAFF_ROLE) await requireStaff(request, context);
  return fileDownload(request, member, params.fileId, headers);
}
