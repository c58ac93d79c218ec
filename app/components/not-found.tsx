// The 404 page: 'Oops! Page not found' and 'Return to Home' on the waves background; the unknown
// path also goes to the browser console. The catch-all route renders it, and so does the app's
// error boundary for a 404 a loader throws (an unknown sprint).
import { useLocation } from "@remix-run/react";
import { Link } from "~/components/ui/router";
import { useEffect } from "react";
import { Button } from "~/components/ui/button";
import { WaveBackground } from "./wave-background";
import { HOME_PATH } from "~/lib/paths";

/** The 404 page's name, which its title carries with the agency's. */
export const NOT_FOUND_PAGE = "Page not found";

export function NotFound() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);
  return (
    <div className="relative min-h-svh">
      <WaveBackground />
      <main id="main" className="grid min-h-svh place-items-center p-6">
        <div className="rounded-2xl border bg-white/90 px-8 py-10 text-center shadow-sm sm:px-12">
          <h1 className="text-slate-900">
            <span className="block text-6xl font-bold tracking-tight">404</span>{" "}
            <span className="mt-3 block text-xl font-medium text-slate-600">
              Oops! Page not found
            </span>
          </h1>
          <Button asChild className="mt-8">
            <Link to={HOME_PATH}>Return to Home</Link>
          </Button>
        </div>
      </main>
    </div>
  );
}
