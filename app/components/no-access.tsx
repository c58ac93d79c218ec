// The page for someone the agency removed from their client's portal: they are still signed in,
// with nothing to open; signing out (a plain form: the error page has no toasts) is the way on.
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { SIGN_OUT_PATH } from "~/lib/paths";

export function NoAccess() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-3xl font-bold">You no longer have access</h1>
      <p className="max-w-md text-muted-foreground">
        The agency removed you from this client&apos;s portal. If that is a mistake, ask them to add
        you again.
      </p>
      <form method="post" action={SIGN_OUT_PATH}>
        <Button type="submit" variant="outline">
          <Icon name="log-out" />
          Sign Out
        </Button>
      </form>
    </main>
  );
}
