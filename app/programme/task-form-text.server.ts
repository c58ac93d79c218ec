// A task's questions as staff write them for one client: YAML like a task's `form:` in the
// programme file, checked by the same rules, each problem named by its line.
import { stringify } from "yaml";
import type { FormContent } from "./model";
import { checkYaml } from "./programme-file.server";
import { taskFormSchema } from "./programme-schema";

/** `form` as the text staff edit ("": none). */
export function formText(form: FormContent | undefined): string {
  return form ? stringify({ questions: form.questions }, { lineWidth: 0 }) : "";
}

/** The form `text` writes for task `taskId`, or its problems ("Line 3, questions[0].kind: …"). */
export function readFormText(
  text: string,
  taskId: string,
): { form: FormContent } | { problems: string[] } {
  const checked = checkYaml(text, taskFormSchema(taskId), ["form"]);
  if ("value" in checked) return { form: checked.value };
  return {
    problems: checked.problems.map(({ place, message }) =>
      place ? `${place[0]!.toUpperCase()}${place.slice(1)}: ${message}` : message,
    ),
  };
}
