// The signed-in headers' title: the page's name (its route's `handle.pageName`) and the e-mail of
// who is signed in. On phones the e-mail sits under the name, so that both keep a readable width
// beside the header's buttons; wider screens put it at the title's far end.
import { usePageName } from "~/hooks/use-page-name";

export function SignedInTitle({ email }: { email: string }) {
  const pageName = usePageName();
  return (
    <div className="flex min-w-0 flex-1 flex-col sm:flex-row sm:items-center sm:gap-3">
      <p data-testid="page-name" className="truncate font-semibold leading-tight text-slate-900">
        {pageName}
      </p>
      <p className="truncate text-xs text-muted-foreground sm:ml-auto sm:text-sm" title={email}>
        {email}
      </p>
    </div>
  );
}
