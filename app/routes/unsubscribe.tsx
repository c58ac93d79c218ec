// /unsubscribe: where a notification mail's link turns that kind of mail off, without signing in;
// the mail's one-click header posts here too. A link whose signature does not hold gets a 400.
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { AuthPage } from "~/components/auth/auth-page";
import { readForm } from "~/forms/answer.server";
import { Button } from "~/components/ui/button";
import { readUnsubscribeLink, unsubscribe } from "~/mail/unsubscribe.server";
import { ACCOUNT_PATH } from "~/lib/paths";
export { clientAction, headers, shouldRevalidate } from "~/forms/page-hooks";

export const meta: MetaFunction = () => [{ title: "Mail Settings | Client Portal" }];

export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const valid = readUnsubscribeLink(url) !== null;
  return data({ valid, done: url.searchParams.has("done") }, { status: valid ? 200 : 400 });
}

export async function action({ request }: ActionFunctionArgs) {
  // Read whole before answering (a one-click post carries "List-Unsubscribe=One-Click"): an answer
  // sent while the body still arrives would cut the sender off.
  await readForm(request);
  const url = new URL(request.url);
  if (!(await unsubscribe(url))) return data({ valid: false }, { status: 400 });
  url.searchParams.set("done", "1");
  return redirect(`${url.pathname}${url.search}`, 303);
}

export default function Unsubscribe() {
  const { valid, done } = useLoaderData<typeof loader>();
  if (!valid) {
    return (
      <AuthPage
        title="This link does not work"
        description="It may have been cut short by your mail program. You can choose which mails you get on your account page."
      >
        <a className="text-sm underline" href={ACCOUNT_PATH}>
          Open your account page
        </a>
      </AuthPage>
    );
  }
  if (done) {
    return (
      <AuthPage
        title="Message e-mails are off"
        description="You will get no more mails about new messages. You can turn them on again on your account page."
      >
        <a className="text-sm underline" href={ACCOUNT_PATH}>
          Open your account page
        </a>
      </AuthPage>
    );
  }
  return (
    <AuthPage
      title="Stop e-mails about messages?"
      description="You will still see new messages in the portal."
    >
      <Form method="post" replace>
        <Button type="submit" className="w-full">
          Turn off message e-mails
        </Button>
      </Form>
    </AuthPage>
  );
}
