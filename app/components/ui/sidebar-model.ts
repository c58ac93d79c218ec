// The sidebar's constants (widths, the Ctrl/Cmd+B shortcut, the phone breakpoint), its `sidebar_state` cookie and the no-JS toggle form's fields.
export const SIDEBAR_COOKIE_NAME = "sidebar_state";
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
export const SIDEBAR_WIDTH = "16rem";
export const SIDEBAR_WIDTH_MOBILE = "18rem";
export const SIDEBAR_WIDTH_ICON = "3rem";
export const SIDEBAR_KEYBOARD_SHORTCUT = "b";
export const MOBILE_BREAKPOINT = 768;

/** `?sidebar=open` server-renders the phone sheet open: how phones without JavaScript open it. */
export const MOBILE_SIDEBAR_PARAM = "sidebar";
const MOBILE_SIDEBAR_OPEN = "open";

/**
 * The phone's 'Toggle Sidebar' button: where focus returns when the sheet closes, and (as the close
 * form's fragment) where the page a no-JS close loads puts it.
 */
export const MOBILE_SIDEBAR_TRIGGER_ID = "sidebar-trigger";

/** The toggle form posts `sidebar` = the desktop state wanted, or "mobile" to open the sheet. */
export const SIDEBAR_FIELD = "sidebar";
export type SidebarFormValue = "expanded" | "collapsed" | "mobile";

export type SidebarChoice = { kind: "set"; open: boolean } | { kind: "flip" } | { kind: "mobile" };

/** The sidebar is open unless its cookie says exactly "false": a first visit starts expanded. */
export function sidebarOpenFrom(cookie: string | undefined): boolean {
  return cookie !== "false";
}

/** The cookie, as a Set-Cookie header value and as a `document.cookie` assignment alike. */
export function sidebarCookie(open: boolean): string {
  return `${SIDEBAR_COOKIE_NAME}=${open}; Path=/; Max-Age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
}

/** What a key press lands on: an element (here only its tag and editability count), or none. */
type KeyTarget = EventTarget | Pick<HTMLElement, "tagName" | "isContentEditable"> | null;

/** Whether a key press lands where the user types: a form field, or text they can edit. */
export function isTypingTarget(target: KeyTarget): boolean {
  if (!target || !("tagName" in target) || !("isContentEditable" in target)) return false;
  return /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) || target.isContentEditable;
}

/** Ctrl/Cmd+B, unless it is pressed while typing (where it may mean bold, or nothing of ours). */
export function isSidebarShortcut(
  event: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey"> & { target: KeyTarget },
) {
  return (
    (event.ctrlKey || event.metaKey) &&
    event.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT &&
    !isTypingTarget(event.target)
  );
}

/** Reads the toggle form; null for anything the form never sends. */
export function parseSidebarForm(form: FormData): SidebarChoice | null {
  const value = form.get(SIDEBAR_FIELD);
  if (value === null) return { kind: "flip" };
  if (value === "expanded" || value === "collapsed")
    return { kind: "set", open: value === "expanded" };
  if (value === "mobile") return { kind: "mobile" };
  return null;
}

export function isMobileSidebarOpen(search: URLSearchParams): boolean {
  return search.get(MOBILE_SIDEBAR_PARAM) === MOBILE_SIDEBAR_OPEN;
}

/** `path` (a same-origin path with optional query and hash) with the sheet marked open or not. */
export function withMobileSidebar(path: string, open: boolean): string {
  const url = new URL(path, "http://localhost");
  if (open) url.searchParams.set(MOBILE_SIDEBAR_PARAM, MOBILE_SIDEBAR_OPEN);
  else url.searchParams.delete(MOBILE_SIDEBAR_PARAM);
  return `${url.pathname}${url.search}${url.hash}`;
}
