// The spec's "auth loading" spinner, server-rendered edition: a centred spinner while a navigation
// waits for its loaders (which check the session), shown only if it takes longer than 300 ms.
import { useNavigation } from "@remix-run/react";
import { LoaderCircle } from "lucide-react";

export function PendingIndicator() {
  const busy = useNavigation().state === "loading";
  return (
    <div role="status">
      {busy ? (
        <div className="pointer-events-none fixed inset-0 z-50 grid animate-fade-in place-items-center motion-reduce:animate-none">
          <div className="flex items-center gap-2 rounded-full border bg-background px-4 py-2 text-sm shadow-lg">
            <LoaderCircle aria-hidden className="size-5 animate-spin motion-reduce:animate-none" />
            Loading…
          </div>
        </div>
      ) : null}
    </div>
  );
}
