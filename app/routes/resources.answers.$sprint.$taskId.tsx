// /resources/answers/sprint-N/<task>: a task form's answers saved by the page's script as the
// client writes them: saved, a redirect here marked saved (answered 204); refused, each answer's
// note in JSON; never a page.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { SAVED_PARAM } from "~/lib/paths";
import { saveAnswersFromScript } from "~/questionnaires/questionnaire.server";
import { requireClient } from "~/session/guards.server";
export { clientAction } from "~/forms/page-hooks";

/** Only posts come here, and the redirect a saved post answers with (204: saved). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireClient(request, context);
  if (new URL(request.url).searchParams.has(SAVED_PARAM))
    return new Response(null, { status: 204 });
  throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { member } = await requireClient(request, context);
  return saveAnswersFromScript(request, member, params.sprint, params.taskId);
}
