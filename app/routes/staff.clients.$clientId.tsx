// /staff/clients/<id>: one client's programme, editable, and its audit trail.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ProgrammeEditsPage } from "~/components/staff/programme-edits";
import type { PageNameHandle } from "~/hooks/use-page-name";
import { forwardRetryAfter } from "~/lib/retry-after";
import { programmeEditAction, loadProgrammeEdits } from "~/staff/programme-edits.server";
import { keepFormWhenUnreachable, keepPageAfterUnreachable } from "~/forms/unreachable";

type ClientData = { client: { email: string } } | undefined;

export const handle = {
  pageName: (data: ClientData) => data?.client.email ?? "Client",
} satisfies PageNameHandle<ClientData>;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${handle.pageName(data)} · Agency Console` },
];

export const headers = forwardRetryAfter;

export function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadProgrammeEdits(request, context, params.clientId);
}

export function action({ request, context, params }: ActionFunctionArgs) {
  return programmeEditAction(request, context, params.clientId);
}

export const clientAction = keepFormWhenUnreachable;

export const shouldRevalidate = keepPageAfterUnreachable;

export default function StaffClient() {
  return <ProgrammeEditsPage {...useLoaderData<typeof loader>()} />;
}
