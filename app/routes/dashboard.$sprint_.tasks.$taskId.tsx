// /dashboard/sprint-N/tasks/<task>: one task's page for the signed-in client (what to do, the
// hand-in form, every version and its review, the discussion) and its posts.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TaskPage } from "~/components/hand-ins/task-page";
import { loadTaskPage, taskPageAction } from "~/dashboard/task-page.server";
import type { PageNameHandle } from "~/hooks/use-page-name";
import { signedInMeta } from "~/lib/page-meta";
import { requireClient } from "~/session/guards.server";
export { clientAction, headers, shouldRevalidate } from "~/forms/page-hooks";

type TaskData = { task: { title: string } } | undefined;

export const handle = {
  pageName: (data: TaskData) => data?.task.title ?? "Task",
} satisfies PageNameHandle<TaskData>;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  signedInMeta(handle.pageName(data), matches);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { member } = await requireClient(request, context);
  return loadTaskPage(request, member, params.sprint, params.taskId);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { member } = await requireClient(request, context);
  return taskPageAction(request, context, member, params.sprint, params.taskId);
}

export default function TaskRoute() {
  return <TaskPage {...useLoaderData<typeof loader>()} />;
}
