// The page a notification mail's "turn these mails off" link opens: the question and its button,
// then what was done; or that the link does not hold. Each ends with the way to the account page.
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { AuthPage } from "~/components/auth/auth-page";
import { Button } from "~/components/ui/button";
import { ACCOUNT_PATH } from "~/lib/paths";

const ACCOUNT_LINK = (
  <a className="text-sm underline" href={ACCOUNT_PATH}>
    Open your account page
  </a>
);

const STATES: Record<"invalid" | "done" | "ask", { title: string; text: string; body: ReactNode }> =
  {
    invalid: {
      title: "This link does not work",
      text: "It may have been cut short by your mail program. You can choose which mails you get on your account page.",
      body: ACCOUNT_LINK,
    },
    done: {
      title: "Message e-mails are off",
      text: "You will get no more mails about new messages. You can turn them on again on your account page.",
      body: ACCOUNT_LINK,
    },
    ask: {
      title: "Stop e-mails about messages?",
      text: "You will still see new messages in the portal.",
      body: (
        <Form method="post" replace>
          <Button type="submit" className="w-full">
            Turn off message e-mails
          </Button>
        </Form>
      ),
    },
  };

export function UnsubscribePage({ valid, done }: { valid: boolean; done: boolean }) {
  const state = STATES[!valid ? "invalid" : done ? "done" : "ask"];
  return (
    <AuthPage title={state.title} description={state.text}>
      {state.body}
    </AuthPage>
  );
}
