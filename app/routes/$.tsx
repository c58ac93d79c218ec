// Any path no other route matches: HTTP 404, one JSON line in the server log, and the 404 page.
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { NOT_FOUND_TITLE, NotFound } from "~/components/not-found";
import { notFound } from "~/lib/not-found.server";
export { clientAction, headers, shouldRevalidate } from "~/forms/page-hooks";

export const loader = ({ request }: LoaderFunctionArgs) => notFound(request);
export const action = ({ request }: ActionFunctionArgs) => notFound(request);

export const meta: MetaFunction = () => [{ title: NOT_FOUND_TITLE }];

export default function NotFoundRoute() {
  return <NotFound />;
}
