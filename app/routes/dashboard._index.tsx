// /dashboard: the greeting, the next step, what is new since the last visit, summary cards, Sprint
// Overview and Quick Actions.
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { DashboardHome } from "~/components/dashboard/dashboard-home";
import { loadNextStep } from "~/dashboard/programme.server";
import { currentBrand } from "~/brand/brand.server";
import type { DrawnPerDataHandle } from "~/delivery/shared-pages.server";
import type { PageNameHandle } from "~/hooks/use-page-name";
import { signedInMeta } from "~/lib/page-meta";
import { requireClient } from "~/session/guards.server";
import { sinceLastVisit } from "~/visits/since-last-visit.server";
import type { loader as layoutLoader } from "./dashboard";
export { headers, shouldRevalidate } from "~/forms/page-hooks";

/** Drawn from its URL and data alone: unchanged data is drawn once (decision 066). */
export const handle = {
  pageName: "Dashboard",
  drawnPerData: true,
} satisfies PageNameHandle & DrawnPerDataHandle;

export const meta: MetaFunction = ({ matches }) => signedInMeta(handle.pageName, matches);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { member } = await requireClient(request, context);
  const { user } = member;
  const name = user.email.split("@")[0] ?? user.email;
  const [news, next, brand] = await Promise.all([
    sinceLastVisit(
      member.accountId,
      { id: user.id, role: "client" },
      { preview: member.preview !== undefined },
    ),
    loadNextStep(context, member.accountId),
    currentBrand(),
  ]);
  return {
    name,
    bookingUrl: brand.bookingUrl,
    news,
    next,
    inUtc: !member.zoneGiven,
  };
}

export default function Dashboard() {
  const { name, bookingUrl, news, next, inUtc } = useLoaderData<typeof loader>();
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/dashboard");
  if (!layout) throw new Error("/dashboard renders inside its layout");
  return (
    <DashboardHome
      name={name}
      bookingUrl={bookingUrl}
      programme={layout.programme}
      news={news}
      next={next}
      inUtc={inUtc}
    />
  );
}
