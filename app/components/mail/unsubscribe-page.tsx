// The page a notification mail's "turn these mails off" link opens: the question and its button,
// then what was done; or that the link does not hold. Each ends with the way to the account page.
import { Form } from "~/components/ui/router";
import { AuthPage } from "~/components/auth/auth-page";
import { Button } from "~/components/ui/button";
import type { MailKind } from "~/data/schema";
import { ACCOUNT_PATH } from "~/lib/paths";

const ACCOUNT_LINK = (
  <a className="text-sm underline" href={ACCOUNT_PATH}>
    Open your account page
  </a>
);

const INVALID = {
  title: "This link does not work",
  text: "It may have been cut short by your mail program. You can choose which mails you get on your account page.",
  body: ACCOUNT_LINK,
};

/** What each kind of mail is called on the page, and what stays when it is off. */
const KINDS: Record<MailKind, { mails: string; about: string; meanwhile: string }> = {
  messages: {
    mails: "Message e-mails",
    about: "e-mails about messages",
    meanwhile: "You will still see new messages in the portal.",
  },
  reminders: {
    mails: "Reminder e-mails",
    about: "reminder e-mails",
    meanwhile: "Due dates stay on your pages in the portal.",
  },
};

function stateOf(kind: MailKind | null, done: boolean) {
  if (!kind) return INVALID;
  const { mails, about, meanwhile } = KINDS[kind];
  if (done) {
    return {
      title: `${mails} are off`,
      text: `You will get no more ${about}. You can turn them on again on your account page.`,
      body: ACCOUNT_LINK,
    };
  }
  return {
    title: `Stop ${about}?`,
    text: meanwhile,
    body: (
      <Form method="post" replace>
        <Button type="submit" className="w-full">
          Turn off {about}
        </Button>
      </Form>
    ),
  };
}

export function UnsubscribePage({ kind, done }: { kind: MailKind | null; done: boolean }) {
  const state = stateOf(kind, done);
  return (
    <AuthPage title={state.title} description={state.text}>
      {state.body}
    </AuthPage>
  );
}
