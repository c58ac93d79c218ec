// /dashboard/account: the account page (a client's name, e-mail and its change, password change, the
// mails wanted, the time zone, sign out of all devices).
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AccountPage } from "~/components/account/account-page";
import { accountAction } from "~/auth/account.server";
import { loadPersonName } from "~/auth/person-name.server";
import { loadTimeZone } from "~/auth/time-zone.server";
import { loadMailSettings } from "~/mail/preferences.server";
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

export const meta: MetaFunction = () => signedInMeta(handle.pageName);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, context);
  const isStaff = user.role === STAFF_ROLE;
  const [mail, zone, name] = await Promise.all([
    loadMailSettings(user),
    loadTimeZone(user),
    isStaff ? "" : loadPersonName(user),
  ]);
  return { email: user.email, name, isStaff, mail, zone };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await requireUser(request, context);
  return accountAction(request, context, user);
}

export default function Account() {
  return <AccountPage {...useLoaderData<typeof loader>()} />;
}
