// /staff/clients/<id>/tasks/<task>/answers.csv: every version of the task's form the client handed
// in, as a CSV file.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { clientAnswersCsv } from "~/staff/answers-export.server";
import { requireStaff } from "~/staff/guards.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return clientAnswersCsv(request, params.clientId, params.taskId);
}
