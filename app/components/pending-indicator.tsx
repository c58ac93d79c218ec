// The "auth loading" spinner, server-rendered edition: a centred spinner while a navigation
// waits for its loaders (which check the session), shown only if it takes longer than 300 ms.
import { useNavigation } from "@remix-run/react";
import { LoadingOverlay } from "./loading-overlay";

export function PendingIndicator() {
  const busy = useNavigation().state === "loading";
  return <div role="status">{busy ? <LoadingOverlay /> : null}</div>;
}
