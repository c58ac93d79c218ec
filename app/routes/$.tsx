// Any path no other route matches: HTTP 404, one JSON line in the server log, and the 404 page.
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { NotFound } from "~/components/not-found";
import { log } from "~/lib/log.server";

const MAX_LOGGED_PATH = 2048;

function notFound({ request }: { request: Request }) {
  const path = new URL(request.url).pathname.slice(0, MAX_LOGGED_PATH);
  log("warn", "not_found", { path });
  return data(null, { status: 404 });
}

export const loader = (args: LoaderFunctionArgs) => notFound(args);
export const action = (args: ActionFunctionArgs) => notFound(args);

export const meta: MetaFunction = () => [{ title: "Page not found · Client Portal" }];

export default function NotFoundRoute() {
  return <NotFound />;
}
