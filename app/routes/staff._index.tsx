// /staff: every client, searchable and paged, and the invitation form.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ClientListPage } from "~/components/staff/client-list";
import type { PageNameHandle } from "~/hooks/use-page-name";
import { inviteAction, loadClientList } from "~/staff/client-list.server";
import { requireStaff } from "~/staff/guards.server";
import { consoleMeta } from "~/lib/page-meta";
export { clientAction, headers, shouldRevalidate } from "~/forms/page-hooks";

export const handle = { pageName: "Clients" } satisfies PageNameHandle;

export const meta: MetaFunction = ({ matches }) => consoleMeta(handle.pageName, matches);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireStaff(request, context);
  return loadClientList(request, user);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { account } = await requireStaff(request, context);
  return inviteAction(request, context, account);
}

export default function StaffClients() {
  return <ClientListPage {...useLoaderData<typeof loader>()} />;
}
