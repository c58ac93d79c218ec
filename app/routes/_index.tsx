// Landing page `/`: visitors see it (signed-in users go to /dashboard); `?auth=sign-in|sign-up`
// opens the auth dialog, server-rendered so it also works with JavaScript off; posts sign in or up.
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { LazyAuthDialog } from "~/components/auth/lazy-auth-dialog";
import { LandingPage } from "~/components/landing/landing-page";
import { signInAction, signUpAction } from "~/lib/auth-actions.server";
import { skipRevalidationForAuthParam } from "~/lib/auth-mode";
import { requireAnonymous } from "~/lib/auth.server";
import { readFormFields } from "~/lib/form.server";
import { forwardRetryAfter } from "~/lib/retry-after";

export const meta: MetaFunction = () => [
  { title: "Client Portal | Precision. Innovation. Excellence." },
  { name: "description", content: "Sign in to follow your four-sprint programme with our agency." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const field = await readFormFields(request);
  const intent = field?.("intent");
  if (field && intent === "sign-in") return signInAction(request, context, field);
  if (field && intent === "sign-up") return signUpAction(request, context, field);
  return data({ error: "Unknown form submission" }, { status: 400 });
}

export const shouldRevalidate = skipRevalidationForAuthParam;

/** A rate-limited post tells the client when to try again. */
export const headers = forwardRetryAfter;

export default function Index() {
  const actionData = useActionData<typeof action>();
  return (
    <>
      <LandingPage />
      <LazyAuthDialog
        documentResult={actionData && "intent" in actionData ? actionData : undefined}
      />
    </>
  );
}
