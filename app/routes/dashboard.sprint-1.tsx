// /dashboard/sprint-1: Sprint 1, Foundation.
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { ActiveSprintPage } from "~/components/sprint/active-sprint-page";
import { requireUser } from "~/lib/auth.server";
import { sprintPlans } from "~/lib/sprint-plans";

export const meta: MetaFunction = () => [{ title: "Sprint 1 · Client Portal" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return null;
}

export default function Sprint1() {
  return <ActiveSprintPage plan={sprintPlans[1]} />;
}
