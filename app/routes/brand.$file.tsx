// /brand/<hash>-<drawing>.png: a drawing of the agency's logo (the header's, an icon), public.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { logoFileAnswer } from "~/brand/logo.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return logoFileAnswer(request, params.file);
}
