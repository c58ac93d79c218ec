// /staff: every client, searchable and paged, and the invitation form.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ClientListPage } from "~/components/staff/client-list";
import type { PageNameHandle } from "~/hooks/use-page-name";
import { forwardRetryAfter } from "~/lib/retry-after";
import { inviteAction, loadClientList } from "~/staff/client-list.server";
import { requireStaff } from "~/staff/guards.server";
import { keepFormWhenUnreachable, keepPageAfterUnreachable } from "~/forms/unreachable";

export const handle = { pageName: "Clients" } satisfies PageNameHandle;

export const meta: MetaFunction = () => [{ title: `${handle.pageName} · Agency Console` }];

export const headers = forwardRetryAfter;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return loadClientList(request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireStaff(request, context);
  return inviteAction(request, context);
}

export const clientAction = keepFormWhenUnreachable;

export const shouldRevalidate = keepPageAfterUnreachable;

export default function StaffClients() {
  return <ClientListPage {...useLoaderData<typeof loader>()} />;
}
