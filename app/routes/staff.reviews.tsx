// /staff/reviews: hand-ins waiting for review across clients, oldest first.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ReviewsPage } from "~/components/staff/reviews-page";
import type { PageNameHandle } from "~/hooks/use-page-name";
import { requireStaff } from "~/staff/guards.server";
import { loadReviewQueue } from "~/staff/reviews.server";
import { consoleMeta } from "~/lib/page-meta";
export { headers, shouldRevalidate } from "~/forms/page-hooks";

export const handle = { pageName: "Reviews" } satisfies PageNameHandle;

export const meta: MetaFunction = ({ matches }) => consoleMeta("Reviews", matches);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return loadReviewQueue();
}

export default function StaffReviews() {
  return <ReviewsPage {...useLoaderData<typeof loader>()} />;
}
