// /dashboard/sprint-2: Sprint 2, Core Development.
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { ActiveSprintPage } from "~/components/sprint/active-sprint-page";
import { requireUser } from "~/lib/auth.server";
import { sprintPlans } from "~/lib/sprint-plans";

export const meta: MetaFunction = () => [{ title: "Sprint 2 · Client Portal" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { headers } = await requireUser(request);
  return data(null, { headers });
}

export default function Sprint2() {
  return <ActiveSprintPage plan={sprintPlans[2]} />;
}
