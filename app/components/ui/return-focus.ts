// Where focus goes when a dialog or sheet closes: back to the control that had it as it opened, or,
// when there was none or it is gone, to the control whose id the dialog names (`returnFocusId`, its
// way in). Radix returns focus only to its own trigger, which ours do not use (decision 038).
import { useRef } from "react";

/** On screen: attached and rendered (not `display: none`, not inside a closed <details>). */
function shown(element: Element | null): element is HTMLElement {
  if (!(element instanceof HTMLElement) || !element.isConnected) return false;
  return typeof element.checkVisibility === "function"
    ? element.checkVisibility()
    : element.getClientRects().length > 0;
}

/**
 * Handlers for a Radix dialog's content: `onOpenAutoFocus` notes the opener (Radix calls it before
 * it moves focus in), `onCloseAutoFocus` focuses it, else the element `returnFocusId` names. Neither on
 * the page (the dialog closed by leaving it: a sign-in that lands on the dashboard), focus is left
 * where the new page has it.
 */
export function useReturnFocus(returnFocusId: string | undefined) {
  const opener = useRef<Element | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement === document.body ? null : document.activeElement;
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      const wayIn = returnFocusId ? document.getElementById(returnFocusId) : null;
      [opener.current, wayIn].find(shown)?.focus();
    },
  };
}
