// /dashboard/sprint-4: Sprint 4, Launch (locked until every earlier sprint is complete).
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { LockedSprintPage } from "~/components/sprint/locked-sprint-page";
import { requireUser } from "~/lib/auth.server";
import { sprintPlans } from "~/lib/sprint-plans";

export const meta: MetaFunction = () => [{ title: "Sprint 4 · Client Portal" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return null;
}

export default function Sprint4() {
  return <LockedSprintPage plan={sprintPlans[4]} />;
}
