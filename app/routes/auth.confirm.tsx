// A mailed link (`/auth/confirm?token_hash=…&type=…&next=…`): shows a page whose button posts back
// here to verify it (never on GET). A used, expired or broken link gets a clear page with a way to
// ask for a new one.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Form, Link } from "~/components/ui/router";
import { AuthPage } from "~/components/auth/auth-page";
import { SubmitButton } from "~/components/submit-button";
import { Button } from "~/components/ui/button";
import { authHref } from "~/auth/auth-mode";
import { ACCOUNT_PATH, FORGOT_PASSWORD_PATH, HOME_PATH } from "~/lib/paths";
import { linkPage, verifyLink, type LinkState } from "~/auth/confirm-link.server";
import { titleOf } from "~/lib/page-meta";
export { clientAction, headers, shouldRevalidate } from "~/forms/page-hooks";

export const meta: MetaFunction = ({ matches }) => [{ title: titleOf("Confirm", matches) }];

export function loader({ request }: LoaderFunctionArgs) {
  return linkPage(request);
}

export function action({ request, context }: ActionFunctionArgs) {
  return verifyLink(request, context);
}

const READY = {
  confirm: {
    title: "Confirm your email",
    description: "Press the button to confirm your address and sign in.",
    button: "Confirm Email",
  },
  recovery: {
    title: "Reset your password",
    description: "Press the button to continue, then choose a new password.",
    button: "Continue",
  },
  email_change: {
    title: "Confirm your new email",
    description: "Press the button to make this your account's email address and sign in.",
    button: "Confirm Email Change",
  },
  invite: {
    title: "Accept your invitation",
    description: "Press the button to accept it, then choose your password.",
    button: "Accept Invitation",
  },
} as const;

/** Where an expired link's page sends the visitor for a new one. */
const NEW_LINK = {
  confirm: { to: authHref("sign-in"), label: "Sign In to Get a New Link" },
  recovery: { to: FORGOT_PASSWORD_PATH, label: "Send a New Reset Link" },
  email_change: { to: ACCOUNT_PATH, label: "Change Your Email Again" },
  invite: { to: HOME_PATH, label: "Return to Home" },
} as const;

export default function ConfirmLink() {
  const shown = useLoaderData<LinkState>();
  const page = useActionData<LinkState>() ?? shown;
  const pending = useNavigation().state !== "idle";
  if (page.state === "unavailable") {
    return (
      <AuthPage
        title="We can't check this link right now"
        description="The sign-in service is not answering. Please try the link again in a moment."
      >
        <Form method="post">
          <SubmitButton className="w-full" pending={pending}>
            Try Again
          </SubmitButton>
        </Form>
      </AuthPage>
    );
  }
  if (page.state === "invalid") {
    const newLink = NEW_LINK[page.purpose];
    return (
      <AuthPage
        title="This link has expired"
        description="This link is invalid or has already been used. Links work once and for a limited time."
      >
        <Button asChild className="w-full">
          <Link to={newLink.to}>{newLink.label}</Link>
        </Button>
      </AuthPage>
    );
  }
  const copy = READY[page.purpose];
  return (
    <AuthPage title={copy.title} description={copy.description}>
      <Form method="post">
        <SubmitButton className="w-full" pending={pending}>
          {copy.button}
        </SubmitButton>
      </Form>
    </AuthPage>
  );
}
