// /dashboard/messages: the client's thread with the agency, and the form to write to it.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { MessagesPage } from "~/components/dashboard/messages-page";
import { clientMessageAction, loadClientThread } from "~/dashboard/messages.server";
import type { PageNameHandle } from "~/hooks/use-page-name";
import { signedInMeta } from "~/lib/page-meta";
import { requireClient } from "~/session/guards.server";
export { clientAction, headers, shouldRevalidate } from "~/forms/page-hooks";

export const handle = { pageName: "Messages" } satisfies PageNameHandle;

export const meta: MetaFunction = ({ matches }) => signedInMeta(handle.pageName, matches);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { member } = await requireClient(request, context);
  return loadClientThread(request, member);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { member } = await requireClient(request, context);
  return clientMessageAction(request, context, member);
}

export default function Messages() {
  return <MessagesPage {...useLoaderData<typeof loader>()} />;
}
