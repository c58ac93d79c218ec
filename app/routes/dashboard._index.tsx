// /dashboard: the greeting, summary cards, Sprint Overview and Quick Actions.
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DashboardHome } from "~/components/dashboard/dashboard-home";
import { requireUser } from "~/session/guards.server";
import { getEnv } from "~/lib/env.server";
import { signedInMeta } from "~/lib/page-meta";

export const meta: MetaFunction = () => signedInMeta("Dashboard");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, context);
  const name = user.email.split("@")[0] ?? user.email;
  return { name, bookingUrl: getEnv().BOOKING_URL };
}

export default function Dashboard() {
  const { name, bookingUrl } = useLoaderData<typeof loader>();
  return <DashboardHome name={name} bookingUrl={bookingUrl} />;
}
