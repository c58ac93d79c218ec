// /staff/settings: the agency's name, colour, sender, booking page and landing words, and the
// trail of their changes.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SettingsPage } from "~/components/staff/settings-page";
import type { PageNameHandle } from "~/hooks/use-page-name";
import { consoleMeta } from "~/lib/page-meta";
import { requireStaff } from "~/staff/guards.server";
import { loadSettings, settingsAction } from "~/staff/settings.server";
export { clientAction, headers, shouldRevalidate } from "~/forms/page-hooks";

export const handle = { pageName: () => "Settings" } satisfies PageNameHandle<unknown>;

export const meta: MetaFunction = ({ matches }) => consoleMeta("Settings", matches);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return loadSettings();
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await requireStaff(request, context);
  return settingsAction(request, context, user);
}

export default function StaffSettings() {
  return <SettingsPage {...useLoaderData<typeof loader>()} />;
}
