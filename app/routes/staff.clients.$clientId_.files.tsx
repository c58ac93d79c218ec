// /staff/clients/<id>/files: the files shared with one client, and the form that shares one.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SharedFilesPage } from "~/components/staff/shared-files-page";
import type { PageNameHandle } from "~/hooks/use-page-name";
import { requireStaff } from "~/staff/guards.server";
import { loadSharedFiles, shareFileAction } from "~/staff/shared-files.server";
import { consoleMeta } from "~/lib/page-meta";
export { clientAction, headers, shouldRevalidate } from "~/forms/page-hooks";

type FilesData = { client: { email: string } } | undefined;

export const handle = {
  pageName: (data: FilesData) => (data ? `Files · ${data.client.email}` : "Files"),
} satisfies PageNameHandle<FilesData>;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  consoleMeta(handle.pageName(data), matches);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user } = await requireStaff(request, context);
  return loadSharedFiles(request, user, params.clientId);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { user } = await requireStaff(request, context);
  return shareFileAction(request, context, user, params.clientId);
}

export default function StaffClientFiles() {
  return <SharedFilesPage {...useLoaderData<typeof loader>()} />;
}
