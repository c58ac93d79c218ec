// Where focus goes when a dialog or sheet closes. Radix returns it only to its own Dialog.Trigger,
// and ours open otherwise: from links (a route-driven dialog such as /sign-in opens and closes by
// navigating), from buttons that set state, or already open in the server's HTML, with no opener
// at all. Focus goes back to the control that had it as the dialog opened; when there was none
// (the page loaded with the dialog open) or it is gone, to the control whose id the dialog names
// (`returnFocusId`: its way in, the one a close without JavaScript reaches through `#id`).
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
