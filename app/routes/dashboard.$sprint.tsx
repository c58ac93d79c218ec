// /dashboard/sprint-1 … sprint-4: a sprint's page, active (objectives, tasks, countdown) or locked
// (a placeholder until the earlier sprints are complete). Any other /dashboard/<segment> answers
// the 404 page, after the sign-in check.
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useParams } from "@remix-run/react";
import { ActiveSprintPage } from "~/components/sprint/active-sprint-page";
import { LockedSprintPage } from "~/components/sprint/locked-sprint-page";
import { findSprintPlan, type SprintPlan } from "~/content/sprint-plans";
import { requireUser } from "~/session/guards.server";
import { notFound } from "~/lib/not-found.server";
import { sprintName } from "~/programme/sprints";
import { signedInMeta } from "~/lib/page-meta";

/** The plan for the `$sprint` segment; the loader has already answered 404 for any other. */
function planFor(segment: string | undefined): SprintPlan {
  const plan = findSprintPlan(segment);
  if (!plan) throw new Error(`No sprint plan for /dashboard/${segment}`);
  return plan;
}

export const meta: MetaFunction = ({ params }) =>
  signedInMeta(sprintName(planFor(params.sprint).sprint));

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  if (!findSprintPlan(params.sprint)) throw notFound(request);
  return null;
}

export default function SprintRoute() {
  const plan = planFor(useParams().sprint);
  return plan.state === "active" ? (
    <ActiveSprintPage plan={plan} />
  ) : (
    <LockedSprintPage plan={plan} />
  );
}
