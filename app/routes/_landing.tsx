// The landing page's layout: visitors see the landing page (signed-in users go to /dashboard);
// the auth routes (/sign-in, /sign-up) render their dialog over it through the outlet.
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { LandingPage } from "~/components/landing/landing-page";
import { landingRoadmap } from "~/dashboard/programme.server";
import { signUpsOpen } from "~/session/auth-settings.server";
import { DEFAULT_LANDING } from "~/brand/brand";
import { currentBrand } from "~/brand/brand.server";
import { brandNameOf } from "~/lib/page-meta";
import { requireAnonymous } from "~/session/guards.server";
import type { SharedPageHandle } from "~/delivery/shared-pages.server";
export { headers, shouldRevalidate } from "~/forms/page-hooks";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: `${brandNameOf(matches)} | ${data?.words.tagline ?? DEFAULT_LANDING.tagline}` },
  { name: "description", content: "Sign in to follow your four-sprint programme with our agency." },
];

/** What a visitor sees here depends on nothing of theirs. */
export const handle: SharedPageHandle = { sharedPage: true };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context);
  const [open, brand] = await Promise.all([signUpsOpen(), currentBrand()]);
  return {
    roadmap: landingRoadmap(),
    signUpsOpen: open,
    words: brand.landing,
    support: brand.supportEmail,
  };
}

export default function LandingLayout() {
  const { roadmap, signUpsOpen, words, support } = useLoaderData<typeof loader>();
  return (
    <>
      <LandingPage roadmap={roadmap} signUpsOpen={signUpsOpen} words={words} support={support} />
      <Outlet />
    </>
  );
}
