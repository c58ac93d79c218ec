// /unsubscribe: where a notification mail's link turns that kind of mail off, without signing in;
// the mail's one-click header posts here too. A link whose signature does not hold gets a 400.
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { UnsubscribePage } from "~/components/mail/unsubscribe-page";
import { readForm } from "~/forms/answer.server";
import { readUnsubscribeLink, unsubscribe } from "~/mail/unsubscribe.server";
import { titleOf } from "~/lib/page-meta";
export { clientAction, headers, shouldRevalidate } from "~/forms/page-hooks";

export const meta: MetaFunction = ({ matches }) => [{ title: titleOf("Mail Settings", matches) }];

export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const link = readUnsubscribeLink(url);
  return data(
    { kind: link?.kind ?? null, done: url.searchParams.has("done") },
    { status: link ? 200 : 400 },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  // Read whole before answering (a one-click post carries "List-Unsubscribe=One-Click"): an answer
  // sent while the body still arrives would cut the sender off.
  await readForm(request);
  const url = new URL(request.url);
  if (!(await unsubscribe(url))) return data({ kind: null }, { status: 400 });
  url.searchParams.set("done", "1");
  return redirect(`${url.pathname}${url.search}`, 303);
}

export default function Unsubscribe() {
  return <UnsubscribePage {...useLoaderData<typeof loader>()} />;
}
