// /dashboard/sprint-3: Sprint 3, Advanced Features (locked until Sprint 2 is complete).
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { LockedSprintPage } from "~/components/sprint/locked-sprint-page";
import { requireUser } from "~/lib/auth.server";
import { sprintPlans } from "~/lib/sprint-plans";

export const meta: MetaFunction = () => [{ title: "Sprint 3 · Client Portal" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return null;
}

export default function Sprint3() {
  return <LockedSprintPage plan={sprintPlans[3]} />;
}
