// A form posting to a route with an action but no page (sign-out, the confirmation mail again): a
// plain POST without JavaScript; with it a fetcher's, so the page stays and a failed post shows its
// toast, and the route's code is prefetched once hydrated so it is here offline (decision 042).
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
