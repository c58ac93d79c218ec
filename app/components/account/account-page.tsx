// The account page: the e-mail change (confirmed from both addresses), the password change (the
// current one, then a new one), the mails wanted, the time zone and 'Sign out of all devices'.
// Plain forms that work without JavaScript, each keeping its answer's error (decisions 036, 039).
import { useActionData } from "@remix-run/react";
import { Form } from "~/components/ui/router";
import { useState } from "react";
import { EmailField } from "~/components/auth/email-field";
import { errorProps, FieldError } from "~/components/auth/field-error";
import { AccountUsername, NewPasswordField } from "~/components/auth/new-password-field";
import { PasswordField } from "~/components/auth/password-field";
import { MailSettings } from "~/components/account/mail-settings";
import { answersTimeZone, TimeZoneSettings } from "~/components/account/time-zone-settings";
import { ActionRouteForm } from "~/components/action-route-form";
import { FormAlert, useFormAlert } from "~/components/form-alert";
import { SubmitButton } from "~/components/submit-button";
import { useActionToast } from "~/components/toaster";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import type { FormAnswer } from "~/forms/answer";
import {
  CHANGE_EMAIL_INTENT,
  CHANGE_PASSWORD_INTENT,
  changeEmailSchema,
  newPasswordSchema,
} from "~/forms/schemas";
import type { MailMode } from "~/data/schema";
import { useHydrated } from "~/hooks/use-hydrated";
import { useSubmitting } from "~/hooks/use-submitting";
import { ACCOUNT_PATH, SIGN_OUT_EVERYWHERE_PATH } from "~/lib/paths";
import { PersonNameSettings } from "./person-name-settings";

type AccountAnswer = FormAnswer<
  "newEmail" | "emailChangePassword" | "currentPassword" | "password" | "timeZone"
>;

/** Every answer to the e-mail change shows its new address again; the password change's none. */
const answersEmailChange = (answer: FormAnswer) => "newEmail" in answer.values;
const answersPasswordChange = (answer: FormAnswer) =>
  !answersEmailChange(answer) &&
  !answersTimeZone(answer) &&
  !("messages" in answer.values) &&
  !("personName" in answer.values);

function ChangeEmail({ result }: { result: AccountAnswer | undefined }) {
  const [email, setEmail] = useState("");
  const hydrated = useHydrated();
  const pending = useSubmitting(ACCOUNT_PATH, CHANGE_EMAIL_INTENT);
  const alert = useFormAlert(answersEmailChange);
  const valid = changeEmailSchema.shape.newEmail.safeParse(email).success;
  const passwordError = result?.errors.emailChangePassword;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Change email</h2>
        </CardTitle>
        <CardDescription>
          Links go to the new address and to your current one; your email changes once both are
          opened. Your password confirms it is you.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          method="post"
          action={ACCOUNT_PATH}
          className="grid max-w-md gap-4"
          {...alert.formProps}
        >
          <input type="hidden" name="intent" value={CHANGE_EMAIL_INTENT} />
          <EmailField
            id="new-email"
            name="newEmail"
            label="New email"
            email={email}
            defaultValue={result?.values.newEmail ?? ""}
            serverError={result?.errors.newEmail}
            onEmailChange={setEmail}
          />
          <div className="grid gap-2">
            <Label htmlFor="email-change-password">Password</Label>
            <PasswordField
              id="email-change-password"
              name="emailChangePassword"
              required
              autoComplete="current-password"
              {...errorProps("email-change-password-error", passwordError)}
            />
            <FieldError id="email-change-password-error" message={passwordError} />
          </div>
          <FormAlert {...alert.alertProps} />
          <SubmitButton pending={pending} disabled={hydrated && !valid} {...alert.submitProps}>
            Send Confirmation Link
          </SubmitButton>
        </Form>
      </CardContent>
    </Card>
  );
}

function ChangePassword({
  result,
  email,
}: {
  result: AccountAnswer | undefined;
  /** The account's address, the form's username for password managers. */
  email: string;
}) {
  const [password, setPassword] = useState("");
  const hydrated = useHydrated();
  const pending = useSubmitting(ACCOUNT_PATH, CHANGE_PASSWORD_INTENT);
  const alert = useFormAlert(answersPasswordChange);
  const currentError = result?.errors.currentPassword;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Change password</h2>
        </CardTitle>
        <CardDescription>Your other devices will be signed out.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          method="post"
          action={ACCOUNT_PATH}
          className="grid max-w-md gap-4"
          {...alert.formProps}
        >
          <input type="hidden" name="intent" value={CHANGE_PASSWORD_INTENT} />
          <AccountUsername email={email} />
          <div className="grid gap-2">
            <Label htmlFor="current-password">Current password</Label>
            <PasswordField
              id="current-password"
              name="currentPassword"
              required
              autoComplete="current-password"
              {...errorProps("current-password-error", currentError)}
            />
            <FieldError id="current-password-error" message={currentError} />
          </div>
          <NewPasswordField
            id="new-password"
            label="New password"
            error={result?.errors.password}
            onPasswordChange={setPassword}
          />
          <FormAlert {...alert.alertProps} />
          <SubmitButton
            pending={pending}
            disabled={hydrated && !newPasswordSchema.safeParse({ password }).success}
            {...alert.submitProps}
          >
            Change Password
          </SubmitButton>
        </Form>
      </CardContent>
    </Card>
  );
}

export function AccountPage({
  email,
  name,
  isStaff,
  mail,
  zone,
}: {
  email: string;
  /** The name the person goes by ("" when none): a client's colleagues and clients read it. */
  name: string;
  isStaff: boolean;
  mail: { messages: MailMode; reminders: MailMode };
  zone: { timeZone: string };
}) {
  const result = useActionData<AccountAnswer>();
  useActionToast(result?.toast);
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Account</h1>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Email</h2>
          </CardTitle>
          <p className="break-all text-base text-foreground">{email}</p>
        </CardHeader>
      </Card>
      <PersonNameSettings name={name} />
      <ChangeEmail result={result} />
      <ChangePassword result={result} email={email} />
      <MailSettings messages={mail.messages} reminders={mail.reminders} isStaff={isStaff} />
      <TimeZoneSettings timeZone={zone.timeZone} error={result?.errors.timeZone} />
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Devices</h2>
          </CardTitle>
          <CardDescription>
            Signs you out here and on every other phone or computer, at its next page view.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ActionRouteForm action={SIGN_OUT_EVERYWHERE_PATH}>
            {(pending) => (
              <SubmitButton pending={pending} variant="destructive">
                Sign out of all devices
              </SubmitButton>
            )}
          </ActionRouteForm>
        </CardContent>
      </Card>
    </div>
  );
}
