// Staff previewing a client's pages as one of its people: a signed cookie naming the staff member,
// the account and the person, for half an hour; honoured only for that staff member's session.
import { createCookie, type Cookie } from "@remix-run/node";
import { getEnv } from "~/lib/env.server";

/** How long a preview lasts before the staff member's own pages are back. */
const PREVIEW_SECONDS = 30 * 60;

export interface Preview {
  staffId: string;
  accountId: string;
  personId: string;
}

let cookie: Cookie | undefined;

function previewCookie(): Cookie {
  if (!cookie) {
    const env = getEnv();
    cookie = createCookie("preview", {
      secrets: [env.SESSION_SECRET],
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: env.COOKIE_SECURE,
      maxAge: PREVIEW_SECONDS,
    });
  }
  return cookie;
}

/** The preview `staffId` started, if this request carries one (another's, or a forged one: none). */
export async function previewOf(request: Request, staffId: string): Promise<Preview | null> {
  const value = (await previewCookie().parse(request.headers.get("Cookie"))) as unknown;
  const preview = value as Partial<Preview> | null;
  if (
    !preview ||
    preview.staffId !== staffId ||
    typeof preview.accountId !== "string" ||
    typeof preview.personId !== "string"
  ) {
    return null;
  }
  return { staffId, accountId: preview.accountId, personId: preview.personId };
}

/** The Set-Cookie line that starts `preview`. */
export const startPreview = (preview: Preview) => previewCookie().serialize(preview);

/** The Set-Cookie line that ends any preview. */
export const endPreview = () => previewCookie().serialize("", { maxAge: 0 });
