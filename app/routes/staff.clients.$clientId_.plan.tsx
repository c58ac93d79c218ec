// /staff/clients/<id>/plan: one client's own programme: their template, tasks and objectives.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ClientPlanPage } from "~/components/staff/client-plan-page";
import type { PageNameHandle } from "~/hooks/use-page-name";
import { clientPlanAction, loadClientPlan } from "~/staff/client-plan.server";
import { requireStaff } from "~/staff/guards.server";
import { consoleMeta } from "~/lib/page-meta";
export { clientAction, headers, shouldRevalidate } from "~/forms/page-hooks";

type PlanData = { client: { email: string } } | undefined;

export const handle = {
  pageName: (data: PlanData) => (data ? `Their programme · ${data.client.email}` : "Programme"),
} satisfies PageNameHandle<PlanData>;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  consoleMeta(handle.pageName(data), matches);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return loadClientPlan(request, params.clientId);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { user } = await requireStaff(request, context);
  return clientPlanAction(request, context, user, params.clientId);
}

export default function StaffClientPlan() {
  return <ClientPlanPage {...useLoaderData<typeof loader>()} />;
}
