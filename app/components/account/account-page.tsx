// The account page: the signed-in e-mail, the password change (current password, then the new one
// with the sign-up rules and strength bar) and 'Sign out of all devices'. Plain forms that work
// without JavaScript.
import { Form, useActionData } from "@remix-run/react";
import { useState } from "react";
import { useSubmitting } from "~/components/auth/auth-form";
import { errorProps, FieldError } from "~/components/auth/field-error";
import { NewPasswordField } from "~/components/auth/new-password-field";
import { PasswordField } from "~/components/auth/password-field";
import { useActionToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import type { FormAnswer } from "~/lib/account-actions.server";
import { ACCOUNT_PATH, SIGN_OUT_EVERYWHERE_PATH } from "~/lib/auth-paths";
import { useHydrated } from "~/hooks/use-hydrated";
import { isAcceptablePassword } from "~/lib/validation";

function ChangePassword() {
  const result = useActionData<FormAnswer>();
  useActionToast(result?.toast);
  const [password, setPassword] = useState("");
  const hydrated = useHydrated();
  const pending = useSubmitting(ACCOUNT_PATH);
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
        <Form method="post" action={ACCOUNT_PATH} className="grid max-w-md gap-4">
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
          <Button type="submit" disabled={pending || (hydrated && !isAcceptablePassword(password))}>
            {pending ? "Processing..." : "Change Password"}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

export function AccountPage({ email }: { email: string }) {
  const signingOut = useSubmitting(SIGN_OUT_EVERYWHERE_PATH);
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Account</h1>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Email</h2>
          </CardTitle>
          <CardDescription className="break-all text-base text-foreground">{email}</CardDescription>
        </CardHeader>
      </Card>
      <ChangePassword />
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
          <Form method="post" action={SIGN_OUT_EVERYWHERE_PATH}>
            <Button type="submit" variant="destructive" disabled={signingOut}>
              {signingOut ? "Processing..." : "Sign out of all devices"}
            </Button>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
