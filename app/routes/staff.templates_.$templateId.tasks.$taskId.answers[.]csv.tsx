// /staff/templates/<id>/tasks/<task>/answers.csv: the latest form each client of the template handed
// in on the task, as one CSV file.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { templateAnswersCsv } from "~/staff/answers-export.server";
import { requireStaff } from "~/staff/guards.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return templateAnswersCsv(request, params.templateId, params.taskId);
}
