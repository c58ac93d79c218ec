// Any path no other route matches: HTTP 404, one JSON line in the server log, and the 404 page.
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { NOT_FOUND_PAGE, NotFound } from "~/components/not-found";
import { titleOf } from "~/lib/page-meta";
import { notFound } from "~/lib/not-found.server";
export { clientAction, headers, shouldRevalidate } from "~/forms/page-hooks";

export const loader = ({ request }: LoaderFunctionArgs) => notFound(request);
export const action = ({ request }: ActionFunctionArgs) => notFound(request);

export const meta: MetaFunction = ({ matches }) => [{ title: titleOf(NOT_FOUND_PAGE, matches) }];

export default function NotFoundRoute() {
  return <NotFound />;
}
