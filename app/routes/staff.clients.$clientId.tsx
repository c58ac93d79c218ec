// /staff/clients/<id>: one client's programme, editable, and its audit trail.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ProgrammeEditsPage } from "~/components/staff/programme-edits";
import type { PageNameHandle } from "~/hooks/use-page-name";
import { loadProgrammeEdits, programmeEditAction } from "~/staff/programme-edits.server";
import { requireStaff } from "~/staff/guards.server";
import { consoleMeta } from "~/lib/page-meta";
export { clientAction, headers, shouldRevalidate } from "~/forms/page-hooks";

type ClientData = { client: { email: string } } | undefined;

export const handle = {
  pageName: (data: ClientData) => data?.client.email ?? "Client",
} satisfies PageNameHandle<ClientData>;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  consoleMeta(handle.pageName(data), matches);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user } = await requireStaff(request, context);
  return loadProgrammeEdits(request, user, params.clientId);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { user } = await requireStaff(request, context);
  return programmeEditAction(request, context, user, params.clientId);
}

export default function StaffClient() {
  return <ProgrammeEditsPage {...useLoaderData<typeof loader>()} />;
}
