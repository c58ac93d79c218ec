// "Who does this" on a task's page, for a client account of more than one person: anyone in it, or
// one of its people; a plain form that works without JavaScript.
import { Form } from "~/components/ui/router";
import { SubmitButton } from "~/components/submit-button";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { ASSIGN_INTENT } from "~/forms/schemas";
import { useSubmitting } from "~/hooks/use-submitting";

export interface TaskAssignmentData {
  /** "Your task", "Dana's task"; null while it is anyone's. */
  label: string | null;
  /** The assignee's id; "" for anyone. */
  chosen: string;
  choices: { id: string; label: string }[];
}

export function TaskAssignmentForm({
  action,
  assignment,
}: {
  action: string;
  assignment: TaskAssignmentData;
}) {
  const pending = useSubmitting(action, ASSIGN_INTENT);
  if (assignment.choices.length < 2) return null;
  return (
    <Form
      // Drawn afresh once saved, so the choice shown is the one stored.
      key={assignment.chosen}
      method="post"
      action={action}
      className="flex flex-wrap items-end gap-2"
    >
      <input type="hidden" name="intent" value={ASSIGN_INTENT} />
      <div className="grid gap-1.5">
        <Label htmlFor="task-assignee">Who does this</Label>
        <NativeSelect id="task-assignee" name="personId" defaultValue={assignment.chosen}>
          <option value="">Anyone</option>
          {assignment.choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <SubmitButton pending={pending} variant="outline">
        Save
      </SubmitButton>
    </Form>
  );
}
