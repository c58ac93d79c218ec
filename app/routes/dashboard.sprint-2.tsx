// /dashboard/sprint-2: Sprint 2, Core Development.
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { ActiveSprintPage } from "~/components/sprint/active-sprint-page";
import { requireUser } from "~/lib/auth.server";
import { sprintPlans } from "~/lib/sprint-plans";

export const meta: MetaFunction = () => [{ title: "Sprint 2 · Client Portal" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return null;
}

export default function Sprint2() {
  return <ActiveSprintPage plan={sprintPlans[2]} />;
}
