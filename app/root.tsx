// Document shell: <html>, stylesheet, scripts with the CSP nonce, the app's toaster (fed by the
// flash cookie or by a form's answer) and the app-level error boundary.
import {
  data,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, type CSSProperties, type ReactNode } from "react";
import { ErrorScreen } from "~/components/error-screen";
import { NOT_FOUND_PAGE, NotFound } from "~/components/not-found";
import { pageBrand } from "~/brand/brand.server";
import { logoPath, titleOf } from "~/lib/page-meta";
import { ToastProvider } from "~/components/toaster";
import { useNonce } from "~/hooks/use-nonce";
import type { DrawnPerDataHandle, SharedPageHandle } from "~/delivery/shared-pages.server";
import { readPageToast } from "~/forms/toast.server";
import stylesheet from "~/tailwind.css?url";
import { HOME_PATH } from "~/lib/paths";
import { DATABASE_UNAVAILABLE } from "~/lib/unavailable";
import { NO_ACCESS } from "~/session/no-access";
import { NoAccess } from "~/components/no-access";
import { isNetworkFailure } from "~/forms/unreachable";
export { headers, shouldRevalidate } from "~/forms/page-hooks";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

/**
 * The document is the same for every visitor while it carries no toast, and drawn from its data
 * alone (the toast among it) for a signed-in page that is too.
 */
export const handle: SharedPageHandle & DrawnPerDataHandle = {
  sharedPage: (data) => (data as { toast?: unknown } | undefined)?.toast === null,
  drawnPerData: true,
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [{ toast, headers }, brand] = await Promise.all([
    readPageToast(request, context),
    pageBrand(),
  ]);
  return data({ toast, brand }, { headers });
}

/** Only shown when the error boundary below renders: the page's own route sets the title otherwise. */
export const meta: MetaFunction = ({ error, matches }) =>
  isRouteErrorResponse(error) && error.status === 404
    ? [{ title: titleOf(NOT_FOUND_PAGE, matches) }]
    : [];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const brand = useRouteLoaderData<typeof loader>("root")?.brand;
  useEffect(() => {
    // Lets tests (and support tools) tell a hydrated page from server HTML, error pages included.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html
      lang="en"
      data-brand={brand?.version}
      style={brand?.primary ? ({ "--primary": brand.primary } as CSSProperties) : undefined}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {brand?.logo ? (
          <>
            <link rel="icon" href={logoPath(brand.logo, "icon-32")} type="image/png" />
            <link rel="apple-touch-icon" href={logoPath(brand.logo, "icon-180")} />
          </>
        ) : (
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        )}
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
  return (
    <ToastProvider pageToast={toast}>
      <Outlet />
    </ToastProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.statusText === DATABASE_UNAVAILABLE) {
    return (
      <ErrorScreen
        title="Connection Error"
        message="The portal cannot reach its data right now. Nothing you saved is lost; please try again in a moment."
        action={{ label: "Try again", reload: true }}
      />
    );
  }
  if (isRouteErrorResponse(error) && error.status === 503) {
    return (
      <ErrorScreen
        title="We can't check your sign-in right now"
        message="The sign-in service is not answering. You are still signed in; please try again in a moment."
        action={{ label: "Try again", reload: true }}
      />
    );
  }
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isRouteErrorResponse(error) && error.statusText === NO_ACCESS) return <NoAccess />;
  if (isNetworkFailure(error)) {
    return (
      <ErrorScreen
        title="You're offline"
        message="The page could not be loaded. Check your connection, then try again."
        action={{ label: "Try again", reload: true }}
      />
    );
  }
  return (
    <ErrorScreen
      title="Something went wrong"
      message="An unexpected error occurred. Please try again."
      action={{ label: "Return to Home", href: HOME_PATH }}
    />
  );
}
