// /staff/clients/<id>/messages: one client's thread, internal notes included, and the answer form.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ClientMessagesPage } from "~/components/staff/client-messages-page";
import type { PageNameHandle } from "~/hooks/use-page-name";
import { requireStaff } from "~/staff/guards.server";
import { loadStaffThread, staffMessageAction } from "~/staff/messages.server";
import { consoleMeta } from "~/lib/page-meta";
export { clientAction, headers, shouldRevalidate } from "~/forms/page-hooks";

type ThreadData = { client: { email: string } } | undefined;

export const handle = {
  pageName: (data: ThreadData) => (data ? `Messages · ${data.client.email}` : "Messages"),
} satisfies PageNameHandle<ThreadData>;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  consoleMeta(handle.pageName(data), matches);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user } = await requireStaff(request, context);
  return loadStaffThread(request, user, params.clientId);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { user } = await requireStaff(request, context);
  return staffMessageAction(request, context, user, params.clientId);
}

export default function StaffClientMessages() {
  return <ClientMessagesPage {...useLoaderData<typeof loader>()} />;
}
