// /staff/clients/<id>: one client's programme, editable, and its audit trail.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ClientEditorPage } from "~/components/staff/client-editor";
import type { PageNameHandle } from "~/hooks/use-page-name";
import { forwardRetryAfter } from "~/lib/retry-after";
import { editClientAction, loadClientEditor } from "~/staff/client-editor.server";
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
  return loadClientEditor(request, context, params.clientId);
}

export function action({ request, context, params }: ActionFunctionArgs) {
  return editClientAction(request, context, params.clientId);
}

export const clientAction = keepFormWhenUnreachable;

export const shouldRevalidate = keepPageAfterUnreachable;

export default function StaffClient() {
  return <ClientEditorPage {...useLoaderData<typeof loader>()} />;
}
