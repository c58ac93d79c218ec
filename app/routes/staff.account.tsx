// /staff/account: a staff member's own account in the console (the name clients read, e-mail,
// password, mails, time zone, devices); its forms post to the account page's one action.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadAccount } from "~/auth/account.server";
import { AccountPage } from "~/components/account/account-page";
import type { PageNameHandle } from "~/hooks/use-page-name";
import { requireStaff } from "~/staff/guards.server";
import { consoleMeta } from "~/lib/page-meta";
export { headers, shouldRevalidate } from "~/forms/page-hooks";

export const handle = { pageName: "Account" } satisfies PageNameHandle;

export const meta: MetaFunction = ({ matches }) => consoleMeta("Account", matches);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireStaff(request, context);
  return loadAccount(user);
}

export default function StaffAccount() {
  return <AccountPage {...useLoaderData<typeof loader>()} />;
}
