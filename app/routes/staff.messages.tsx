// /staff/messages: every client's thread, those waiting for an agency answer first.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { InboxPage } from "~/components/staff/inbox-page";
import type { PageNameHandle } from "~/hooks/use-page-name";
import { requireStaff } from "~/staff/guards.server";
import { loadInbox } from "~/staff/messages.server";
import { consoleMeta } from "~/lib/page-meta";
export { headers, shouldRevalidate } from "~/forms/page-hooks";

export const handle = { pageName: "Messages" } satisfies PageNameHandle;

export const meta: MetaFunction = ({ matches }) => consoleMeta("Messages", matches);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireStaff(request, context);
  return loadInbox(user);
}

export default function StaffMessages() {
  return <InboxPage {...useLoaderData<typeof loader>()} />;
}
