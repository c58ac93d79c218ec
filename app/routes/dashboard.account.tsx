// /dashboard/account: the account page (the name a person goes by, e-mail and its change, password
// change, the mails wanted, the time zone, sign out of all devices); staff have theirs in the console.
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { redirect } from "@remix-run/node";
import { AccountPage } from "~/components/account/account-page";
import { accountAction, loadAccount } from "~/auth/account.server";
import { STAFF_ACCOUNT_PATH } from "~/lib/paths";
import { requireUser } from "~/session/guards.server";
import { signedInMeta } from "~/lib/page-meta";
import { STAFF_ROLE } from "~/lib/roles";
import type { DrawnPerDataHandle } from "~/delivery/shared-pages.server";
import type { PageNameHandle } from "~/hooks/use-page-name";
export { clientAction, headers, shouldRevalidate } from "~/forms/page-hooks";

/** Drawn from its URL and data alone: unchanged data is drawn once (decision 066). */
export const handle = {
  pageName: "Account",
  drawnPerData: true,
} satisfies PageNameHandle & DrawnPerDataHandle;

export const meta: MetaFunction = ({ matches }) => signedInMeta(handle.pageName, matches);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, context);
  // Staff keep their account in the console; the forms of both pages post here.
  if (user.role === STAFF_ROLE) throw redirect(STAFF_ACCOUNT_PATH);
  return loadAccount(user);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await requireUser(request, context);
  return accountAction(request, context, user);
}

export default function Account() {
  return <AccountPage {...useLoaderData<typeof loader>()} />;
}
