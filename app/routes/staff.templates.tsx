// /staff/templates: the programme templates, and the clients kept on an earlier version of one.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TemplatesPage } from "~/components/staff/templates-page";
import type { PageNameHandle } from "~/hooks/use-page-name";
import { requireStaff } from "~/staff/guards.server";
import { applyTemplateAction, loadTemplates } from "~/staff/templates.server";
import { consoleMeta } from "~/lib/page-meta";
export { clientAction, headers, shouldRevalidate } from "~/forms/page-hooks";

export const handle = { pageName: () => "Templates" } satisfies PageNameHandle<unknown>;

export const meta: MetaFunction = ({ matches }) => consoleMeta("Templates", matches);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return loadTemplates();
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await requireStaff(request, context);
  return applyTemplateAction(request, context, user);
}

export default function StaffTemplates() {
  return <TemplatesPage {...useLoaderData<typeof loader>()} />;
}
