// The centred "Loading…" pill over the page: shown while a navigation waits for its loaders, or
// while the auth dialog's code arrives on a slow network.
import { Icon } from "~/components/ui/icon";

export function LoadingOverlay() {
  return (
    <div className="pointer-events-none fixed inset-0 z-50 grid animate-fade-in place-items-center motion-reduce:animate-none">
      <div className="flex items-center gap-2 rounded-full border bg-background px-4 py-2 text-sm shadow-lg">
        <Icon name="loader-circle" className="size-5 animate-spin motion-reduce:animate-none" />
        Loading…
      </div>
    </div>
  );
}
