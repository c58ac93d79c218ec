// The browser's time zone, sent with the sign-in and welcome forms once the page's script runs
// (reminders come at 9:00 there): the server's render has no such field, so without JavaScript
// nothing is sent.
import { timeZoneSchema } from "~/forms/schemas";
import { useHydrated } from "~/hooks/use-hydrated";

export function BrowserTimeZone() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  const zone = timeZoneSchema.safeParse({
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });
  return zone.success ? <input type="hidden" name="timeZone" value={zone.data.timeZone} /> : null;
}
