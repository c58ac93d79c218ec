// A full-page message with one way out, for errors the app can't render a route for.
import { useLocation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { HOME_PATH } from "~/lib/paths";

interface ErrorScreenProps {
  title: string;
  message?: string;
  action: { label: string; href?: string; reload?: boolean };
}

export function ErrorScreen({ title, message, action }: ErrorScreenProps) {
  const location = useLocation();
  const href = action.reload
    ? `${location.pathname}${location.search}`
    : (action.href ?? HOME_PATH);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      {message ? <p className="max-w-md text-muted-foreground">{message}</p> : null}
      <Button asChild>
        {/* A plain link: it must work even when the app's scripts failed to load. */}
        <a href={href}>{action.label}</a>
      </Button>
    </main>
  );
}
