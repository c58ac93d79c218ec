// /dashboard/sprint-1 … sprint-N: a sprint's page for the signed-in client, open (objectives,
// tasks, countdown) or locked (a placeholder until the sprints it requires are complete), and the
// task toggles' action. Any other /dashboard/<segment> answers the 404 page.
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadSprintPage, setTaskAction } from "~/dashboard/programme.server";
import { ActiveSprintPage } from "~/components/sprint/active-sprint-page";
import { LockedSprintPage } from "~/components/sprint/locked-sprint-page";
import type { DrawnPerDataHandle } from "~/delivery/shared-pages.server";
import type { PageNameHandle } from "~/hooks/use-page-name";
import { signedInMeta } from "~/lib/page-meta";
import { requireClient } from "~/session/guards.server";
export { clientAction, headers, shouldRevalidate } from "~/forms/page-hooks";

type SprintData = { sprint: { name: string } } | undefined;

export const handle = {
  pageName: (data: SprintData) => data?.sprint.name ?? "Sprint",
  // Its countdown is filled in per answer (delivery/countdown-fill), from no clock of the render's.
  drawnPerData: true,
} satisfies PageNameHandle<SprintData> & DrawnPerDataHandle;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  signedInMeta(handle.pageName(data), matches);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { member } = await requireClient(request, context);
  return loadSprintPage(request, context, member, params.sprint);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { member } = await requireClient(request, context);
  return setTaskAction(request, context, member, params.sprint);
}

export default function SprintRoute() {
  const page = useLoaderData<typeof loader>();
  return page.sprint.open ? <ActiveSprintPage page={page} /> : <LockedSprintPage page={page} />;
}
