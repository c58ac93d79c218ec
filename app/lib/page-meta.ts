// Title and description of the signed-in pages: a route's meta replaces its parents', so each
// signed-in route states both through this one helper.
const SIGNED_IN_DESCRIPTION =
  "Your four-sprint programme with the agency: the plan, your tasks and your progress in one place.";

export function signedInMeta(page: string) {
  return [
    { title: `${page} · Client Portal` },
    { name: "description", content: SIGNED_IN_DESCRIPTION },
  ];
}
