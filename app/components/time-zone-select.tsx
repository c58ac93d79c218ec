// A select of every time zone Intl lists. The server writes the 400-odd options as one string,
// which hydration keeps as it is (decision 066); opened in the browser, React draws them.
import { useState } from "react";
import { errorProps } from "~/components/auth/field-error";
import { NativeSelect } from "~/components/ui/native-select";
import { useHydrated } from "~/hooks/use-hydrated";
import { escapeHtml } from "~/lib/html";
import { timeZoneChoices } from "~/lib/time-zones";

const zoneLabel = (zone: string) => zone.replaceAll("_", " ");

/** A first option that names no zone (value ""), and what it reads. */
interface NoZone {
  label: string;
}

/**
 * The zones as the server writes them, `current` selected (zone names are letters, digits, "_",
 * "+", "-" and "/"; `none`'s label is escaped).
 */
function optionsHtml(current: string, none: NoZone | undefined): string {
  const first = none
    ? `<option value=""${current === "" ? ' selected=""' : ""}>${escapeHtml(none.label)}</option>`
    : "";
  return (
    first +
    zonesOf(current)
      .map((zone) => {
        const selected = zone === current ? ' selected=""' : "";
        return `<option value="${zone}"${selected}>${zoneLabel(zone)}</option>`;
      })
      .join("")
  );
}

/** Every zone, `current` among them when it is one ("" names none). */
const zonesOf = (current: string) => timeZoneChoices(current === "" ? "UTC" : current);

export function TimeZoneSelect({
  id,
  name,
  value,
  error,
  none,
}: {
  id: string;
  name: string;
  /** The zone selected; "" selects `none`. */
  value: string;
  error: string | undefined;
  none?: NoZone;
}) {
  const hydrated = useHydrated();
  const [drawnByServer] = useState(!hydrated);
  const shared = { id, name, ...errorProps(`${id}-error`, error) };
  if (drawnByServer) {
    const html = typeof document === "undefined" ? optionsHtml(value, none) : "";
    return (
      <NativeSelect
        {...shared}
        dangerouslySetInnerHTML={{ __html: html }}
        suppressHydrationWarning
      />
    );
  }
  return (
    <NativeSelect {...shared} defaultValue={value}>
      {none ? <option value="">{none.label}</option> : null}
      {zonesOf(value).map((zone) => (
        <option key={zone} value={zone}>
          {zoneLabel(zone)}
        </option>
      ))}
    </NativeSelect>
  );
}
