// A form posting to a route that has an action but no page (sign-out, the confirmation mail
// again). Without JavaScript it is a plain POST. With it, the post is a fetcher's, so the page it
// sits on stays: an answer that is not a redirect (the 'Connection Error' of a post that reached no
// server) is shown as its toast, and the form is pending until the post's redirect has landed. The
// router runs that route's clientAction only once it has the route's code, so the code is
// prefetched as soon as the page has hydrated (with the loader's answer, a redirect that changes
// nothing): offline, it is already here.
import { PrefetchPageLinks, useFetcher } from "@remix-run/react";
import type { ReactNode } from "react";
import { useActionToast } from "~/components/toaster";
import type { FormAnswer } from "~/forms/answer";
import { useHydrated } from "~/hooks/use-hydrated";

export function ActionRouteForm({
  action,
  className,
  children,
}: {
  action: string;
  className?: string;
  /** The form's fields and submit button, given whether its post is under way. */
  children: (pending: boolean) => ReactNode;
}) {
  const fetcher = useFetcher<FormAnswer>();
  useActionToast(fetcher.data?.toast);
  const hydrated = useHydrated();
  return (
    <>
      {hydrated ? <PrefetchPageLinks page={action} /> : null}
      <fetcher.Form method="post" action={action} className={className}>
        {children(fetcher.state !== "idle")}
      </fetcher.Form>
    </>
  );
}
