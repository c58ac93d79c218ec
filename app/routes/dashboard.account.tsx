// /dashboard/account: the account page (e-mail and its change, password change, the mails wanted,
// sign out of all devices).
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AccountPage } from "~/components/account/account-page";
import { accountAction } from "~/auth/account.server";
import { loadMailSettings } from "~/mail/preferences.server";
import { requireUser } from "~/session/guards.server";
import { signedInMeta } from "~/lib/page-meta";
import type { PageNameHandle } from "~/hooks/use-page-name";
export { clientAction, headers, shouldRevalidate } from "~/forms/page-hooks";

export const handle = { pageName: "Account" } satisfies PageNameHandle;

export const meta: MetaFunction = () => signedInMeta(handle.pageName);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, context);
  return { email: user.email, mail: await loadMailSettings(user) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await requireUser(request, context);
  return accountAction(request, context, user);
}

export default function Account() {
  const { email, mail } = useLoaderData<typeof loader>();
  return <AccountPage email={email} mail={mail} />;
}
