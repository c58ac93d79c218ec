// /dashboard/team: the people of the client's account; its primary contact invites and removes
// colleagues here when the agency allows it.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TeamPage } from "~/components/dashboard/team-page";
import { loadTeam, teamAction } from "~/dashboard/team.server";
import type { PageNameHandle } from "~/hooks/use-page-name";
import { signedInMeta } from "~/lib/page-meta";
import { requireClient } from "~/session/guards.server";
export { clientAction, headers, shouldRevalidate } from "~/forms/page-hooks";

export const handle = { pageName: "Team" } satisfies PageNameHandle;

export const meta: MetaFunction = ({ matches }) => signedInMeta(handle.pageName, matches);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { member } = await requireClient(request, context);
  return loadTeam(member);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { member } = await requireClient(request, context);
  return teamAction(request, context, member);
}

export default function Team() {
  return <TeamPage {...useLoaderData<typeof loader>()} />;
}
