// Titles and descriptions: a route's meta replaces its parents', so each route states its own
// through these helpers, which name the agency as the root loader's brand has it; and that name
// for a page's frame.
import { useRouteLoaderData } from "@remix-run/react";

const SIGNED_IN_DESCRIPTION =
  "Your four-sprint programme with the agency: the plan, your tasks and your progress in one place.";

/** The name a page without the root's data (it failed) is titled with. */
export const PORTAL_NAME = "Client Portal";

/** What a meta function is given of the matched routes. */
type Matches = readonly { id: string; data: unknown }[];

/** The root loader's brand, as far as a page's frame goes: the name, the logo's hash if any. */
export interface FrameBrand {
  name: string;
  logo?: string;
}

type RootData = { brand?: FrameBrand } | undefined;

/** The agency's name, from the root loader's brand. */
export function brandNameOf(matches: Matches): string {
  const root = matches.find((match) => match.id === "root")?.data as RootData;
  return root?.brand?.name ?? PORTAL_NAME;
}

/** The public path of a drawing of the logo: its hash in the name, so it is kept for a year. */
export const logoPath = (
  hash: string,
  file: "header" | "icon-32" | "icon-180" | "icon-192" | "icon-512",
) => `/brand/${hash}-${file}.png`;

/** The agency's name and logo, for a page's frame. */
export function useFrameBrand(): FrameBrand {
  return (useRouteLoaderData("root") as RootData)?.brand ?? { name: PORTAL_NAME };
}

/** "Sprint 1 · Northwind Media". */
export const titleOf = (page: string, matches: Matches) => `${page} · ${brandNameOf(matches)}`;

export function signedInMeta(page: string, matches: Matches) {
  return [
    { title: titleOf(page, matches) },
    { name: "description", content: SIGNED_IN_DESCRIPTION },
  ];
}

/** "Reviews · Northwind Media Console". */
export const consoleMeta = (page: string, matches: Matches) => [
  { title: `${titleOf(page, matches)} Console` },
];
