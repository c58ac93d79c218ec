// /staff/clients/<id>: one client's programme, editable, and its audit trail.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ProgrammeEditsPage } from "~/components/staff/programme-edits";
import type { PageNameHandle } from "~/hooks/use-page-name";
import { forwardRetryAfter } from "~/lib/retry-after";
import { loadProgrammeEdits, programmeEditAction } from "~/staff/programme-edits.server";
import { requireStaff } from "~/staff/guards.server";
import { keepFormWhenUnreachable, keepPageAfterUnreachable } from "~/forms/unreachable";

type ClientData = { client: { email: string } } | undefined;

export const handle = {
  pageName: (data: ClientData) => data?.client.email ?? "Client",
} satisfies PageNameHandle<ClientData>;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${handle.pageName(data)} · Agency Console` },
];

export const headers = forwardRetryAfter;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return loadProgrammeEdits(request, params.clientId);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { user } = await requireStaff(request, context);
  return programmeEditAction(request, context, user, params.clientId);
}

export const clientAction = keepFormWhenUnreachable;

export const shouldRevalidate = keepPageAfterUnreachable;

export default function StaffClient() {
  return <ProgrammeEditsPage {...useLoaderData<typeof loader>()} />;
}
