// /resources/hand-ins/sprint-N/<task>: the hand-in posted by the page's script, which follows the
// upload's progress; answered in JSON (where to go next, or the form's answer) instead of a page.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handInWork } from "~/hand-ins/handing-in.server";
import { scriptAnswer } from "~/hand-ins/script-answer.server";
import { requireClient } from "~/session/guards.server";
export { clientAction } from "~/forms/page-hooks";

/** Only posts come here. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireClient(request, context);
  throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { member } = await requireClient(request, context);
  return scriptAnswer(await handInWork(request, context, member, params.sprint, params.taskId));
}
