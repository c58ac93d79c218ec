// /dashboard/files: the files shared between the client and the agency.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FilesPage } from "~/components/dashboard/files-page";
import { loadClientFiles } from "~/dashboard/shared-files.server";
import type { DrawnPerDataHandle } from "~/delivery/shared-pages.server";
import type { PageNameHandle } from "~/hooks/use-page-name";
import { signedInMeta } from "~/lib/page-meta";
import { requireClient } from "~/session/guards.server";
export { headers, shouldRevalidate } from "~/forms/page-hooks";

/** Drawn from its URL and data alone: unchanged data is drawn once (decision 066). */
export const handle = {
  pageName: "Files",
  drawnPerData: true,
} satisfies PageNameHandle & DrawnPerDataHandle;

export const meta: MetaFunction = ({ matches }) => signedInMeta(handle.pageName, matches);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { member } = await requireClient(request, context);
  return loadClientFiles(member);
}

export default function Files() {
  return <FilesPage {...useLoaderData<typeof loader>()} />;
}
