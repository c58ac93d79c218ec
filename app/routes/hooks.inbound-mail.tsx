// POST /hooks/inbound-mail: a mail provider's inbound hook hands over a mail received, its raw
// message (message/rfc822) as the body, with INBOUND_MAIL_SECRET as its bearer token.
import type { ActionFunctionArgs } from "@remix-run/node";
import { inboundHookAnswer } from "~/inbound/hook.server";
export { clientAction } from "~/forms/page-hooks";

export const action = ({ request, context }: ActionFunctionArgs) =>
  inboundHookAnswer(request, context);
