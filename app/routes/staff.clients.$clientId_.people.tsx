// /staff/clients/<id>/people: the people of one client account, the form that adds a person, and
// each colleague's 'Remove'.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PeoplePage } from "~/components/staff/people-page";
import type { PageNameHandle } from "~/hooks/use-page-name";
import { requireStaff } from "~/staff/guards.server";
import { peopleAction, loadPeople } from "~/staff/people.server";
import { consoleMeta } from "~/lib/page-meta";
export { clientAction, headers, shouldRevalidate } from "~/forms/page-hooks";

type PeopleData = { client: { email: string } } | undefined;

export const handle = {
  pageName: (data: PeopleData) => (data ? `People · ${data.client.email}` : "People"),
} satisfies PageNameHandle<PeopleData>;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  consoleMeta(handle.pageName(data), matches);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return loadPeople(request, params.clientId);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  return peopleAction(request, context, staff, params.clientId);
}

export default function StaffClientPeople() {
  return <PeoplePage {...useLoaderData<typeof loader>()} />;
}
