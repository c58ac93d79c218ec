// Sign-out: POST only (a GET could be triggered by prefetching or a crawler); ends this device's
// session (scope local), clears every auth cookie chunk and goes back to `/`.
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { createAuthClient } from "~/session/auth.server";

export async function loader() {
  return redirect("/");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { supabase, headers } = createAuthClient(request, context);
  try {
    // Local scope removes the cookies before calling the service, so this works even offline.
    await supabase.auth.signOut({ scope: "local" });
  } catch {
    // The cookies are already cleared; the server-side session then simply expires.
  }
  return redirect("/", { headers });
}
