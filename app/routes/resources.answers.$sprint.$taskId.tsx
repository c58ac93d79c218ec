// /resources/answers/sprint-N/<task>: a task form's answers saved by the page's script as the
// client writes them; answered in JSON (saved, or each refused answer's note), never a page.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { saveAnswersFromScript } from "~/questionnaires/questionnaire.server";
import { requireClient } from "~/session/guards.server";
export { clientAction } from "~/forms/page-hooks";

/** Only posts come here. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireClient(request, context);
  throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { member } = await requireClient(request, context);
  return saveAnswersFromScript(request, member, params.sprint, params.taskId);
}
