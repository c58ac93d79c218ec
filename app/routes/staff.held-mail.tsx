// /staff/held-mail: replies by mail held for staff, each posted to its thread or discarded.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { HeldMailPage } from "~/components/staff/held-mail-page";
import type { PageNameHandle } from "~/hooks/use-page-name";
import { consoleMeta } from "~/lib/page-meta";
import { requireStaff } from "~/staff/guards.server";
import { heldMailAction, loadHeldMail } from "~/staff/held-mail.server";
export { clientAction, headers, shouldRevalidate } from "~/forms/page-hooks";

export const handle = { pageName: "Held mail" } satisfies PageNameHandle;

export const meta: MetaFunction = ({ matches }) => consoleMeta("Held mail", matches);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return loadHeldMail();
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await requireStaff(request, context);
  return heldMailAction(request, context, user);
}

export default function StaffHeldMail() {
  return <HeldMailPage {...useLoaderData<typeof loader>()} />;
}
