// The account page's name: the one a client's person goes by, offered, never required.
import { useActionData } from "@remix-run/react";
import { Form } from "~/components/ui/router";
import { FormAlert, useFormAlert } from "~/components/form-alert";
import { SubmitButton } from "~/components/submit-button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { FormAnswer } from "~/forms/answer";
import { PERSON_NAME_INTENT } from "~/forms/schemas";
import { useSubmitting } from "~/hooks/use-submitting";
import { ACCOUNT_PATH } from "~/lib/paths";
import { PersonNameField } from "./person-name-field";

/** Every answer to this form names its field. */
const answersPersonName = (answer: FormAnswer) => "personName" in answer.values;

export function PersonNameSettings({ name }: { name: string }) {
  const pending = useSubmitting(ACCOUNT_PATH, PERSON_NAME_INTENT);
  const alert = useFormAlert(answersPersonName);
  const result = useActionData<FormAnswer<"personName">>();
  const kept = result && answersPersonName(result) ? result : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Name</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <Form
          method="post"
          action={ACCOUNT_PATH}
          className="grid max-w-md gap-4"
          {...alert.formProps}
        >
          <input type="hidden" name="intent" value={PERSON_NAME_INTENT} />
          <PersonNameField
            value={kept?.values.personName ?? name}
            error={kept?.errors.personName}
          />
          <FormAlert {...alert.alertProps} />
          <SubmitButton pending={pending} variant="outline" {...alert.submitProps}>
            Save Name
          </SubmitButton>
        </Form>
      </CardContent>
    </Card>
  );
}
