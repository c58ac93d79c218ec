// Document shell: <html>, stylesheet, scripts with the CSP nonce, the app's toaster (fed by the
// flash cookie or by a form's answer) and the app-level error boundary.
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { ErrorScreen } from "~/components/error-screen";
import { ToastProvider } from "~/components/toaster";
import { useNonce } from "~/lib/nonce";
import { forwardRetryAfter } from "~/lib/retry-after";
import { readFlashToast } from "~/lib/toast.server";
import stylesheet from "~/tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** The auth-outage 503 that bubbles here says when to try again. */
export const headers = forwardRetryAfter;

export async function loader({ request }: LoaderFunctionArgs) {
  const { toast, headers } = await readFlashToast(request);
  return data({ toast }, { headers });
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  useEffect(() => {
    // Lets tests (and support tools) tell a hydrated page from server HTML.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <ToastProvider flashToast={toast}>
      <Outlet />
    </ToastProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 503) {
    return (
      <ErrorScreen
        title="We can't check your sign-in right now"
        message="The sign-in service is not answering. You are still signed in; please try again in a moment."
        action={{ label: "Try again", reload: true }}
      />
    );
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <ErrorScreen title="Oops! Page not found" action={{ label: "Return to Home", href: "/" }} />
    );
  }
  return (
    <ErrorScreen
      title="Something went wrong"
      message="An unexpected error occurred. Please try again."
      action={{ label: "Return to Home", href: "/" }}
    />
  );
}
