// /staff/clients/<id>/tasks/<task>: one client's task, every version handed in with the review
// form, and the task's discussion.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ClientTaskPage } from "~/components/staff/client-task-page";
import type { PageNameHandle } from "~/hooks/use-page-name";
import { requireStaff } from "~/staff/guards.server";
import { clientTaskAction, loadClientTask } from "~/staff/reviews.server";
import { consoleMeta } from "~/lib/page-meta";
export { clientAction, headers, shouldRevalidate } from "~/forms/page-hooks";

type TaskData = { client: { email: string }; task: { title: string } } | undefined;

export const handle = {
  pageName: (data: TaskData) => (data ? `${data.task.title} · ${data.client.email}` : "Task"),
} satisfies PageNameHandle<TaskData>;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  consoleMeta(handle.pageName(data), matches);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user } = await requireStaff(request, context);
  return loadClientTask(request, user, params.clientId, params.taskId);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { user } = await requireStaff(request, context);
  return clientTaskAction(request, context, user, params.clientId, params.taskId);
}

export default function StaffClientTask() {
  return <ClientTaskPage {...useLoaderData<typeof loader>()} />;
}
