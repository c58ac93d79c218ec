// The landing page's notice when a signed-in page sent the visitor here: why the session ended, or
// that the page needs a sign-in, with a 'Sign In' link back to that page. Read from the address, so
// it is the same without JavaScript; nothing shows on a plain visit (decision 041).
import { useSearchParams } from "@remix-run/react";
import { AuthLink } from "~/components/auth/auth-link";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { parseSessionEnd, SESSION_END_PARAM } from "~/session/session-end";
import { SIGN_IN_NOTICES } from "~/content/landing";
import { useReturnTo } from "~/hooks/use-return-to";

export function SignInNotice() {
  const [params] = useSearchParams();
  const ended = parseSessionEnd(params.get(SESSION_END_PARAM));
  const returnTo = useReturnTo();
  if (!ended && !returnTo) return null;
  const { title, text } = SIGN_IN_NOTICES[ended ?? "sign-in-needed"];
  return (
    <div className="mx-auto mt-6 max-w-3xl px-4 sm:px-6">
      <section
        role="status"
        aria-labelledby="sign-in-notice-title"
        className="flex flex-col gap-3 rounded-lg border border-indigo-200 bg-white/90 p-4 shadow-sm sm:flex-row sm:items-center"
      >
        <Icon name="log-out" className="size-5 shrink-0 text-indigo-600" />
        <div className="flex-1">
          <p id="sign-in-notice-title" className="font-semibold text-slate-900">
            {title}
          </p>
          <p className="text-sm text-slate-600">{text}</p>
        </div>
        <Button asChild size="sm">
          <AuthLink mode="sign-in">Sign In</AuthLink>
        </Button>
      </section>
    </div>
  );
}
