// The sidebar cookie (read on the server, written by server and browser), the shortcut and the
// no-JS toggle form's fields.
import { describe, expect, it } from "vitest";
import {
  SIDEBAR_COOKIE_MAX_AGE,
  isMobileSidebarOpen,
  isSidebarShortcut,
  isTypingTarget,
  parseSidebarForm,
  SIDEBAR_COOKIE_NAME,
  sidebarCookie,
  sidebarOpenFrom,
  withMobileSidebar,
} from "~/components/ui/sidebar-model";
import { cookieValue } from "~/lib/cookies.server";

/** The sidebar's state as the server reads it from a Cookie header. */
const readSidebarOpen = (header: string | null) =>
  sidebarOpenFrom(cookieValue(header, SIDEBAR_COOKIE_NAME));

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

describe("readSidebarOpen", () => {
  it("is open without a cookie, so a first visit starts expanded", () => {
    expect(readSidebarOpen(null)).toBe(true);
    expect(readSidebarOpen("")).toBe(true);
    expect(readSidebarOpen("other=false")).toBe(true);
  });

  it("reads the sidebar_state cookie among others", () => {
    expect(readSidebarOpen("a=1; sidebar_state=false; b=2")).toBe(false);
    expect(readSidebarOpen("sidebar_state=true")).toBe(true);
    expect(readSidebarOpen("xsidebar_state=false")).toBe(true);
  });

  it("treats anything but exactly false as open", () => {
    expect(readSidebarOpen("sidebar_state=garbage")).toBe(true);
    expect(readSidebarOpen("sidebar_state=")).toBe(true);
  });
});

describe("sidebarCookie", () => {
  it("lasts 7 days on the whole site, SameSite=Lax", () => {
    expect(SIDEBAR_COOKIE_MAX_AGE).toBe(604800);
    expect(sidebarCookie(false)).toBe("sidebar_state=false; Path=/; Max-Age=604800; SameSite=Lax");
    expect(readSidebarOpen(sidebarCookie(false))).toBe(false);
    expect(readSidebarOpen(sidebarCookie(true))).toBe(true);
  });
});

describe("isSidebarShortcut", () => {
  const page = { tagName: "BODY", isContentEditable: false };
  const press = (key: string, modifiers: { ctrlKey?: boolean; metaKey?: boolean }, target = page) =>
    isSidebarShortcut({ key, ctrlKey: false, metaKey: false, ...modifiers, target });

  it("is Ctrl+B or Cmd+B, either case", () => {
    expect(press("b", { ctrlKey: true })).toBe(true);
    expect(press("B", { metaKey: true })).toBe(true);
    expect(press("b", {})).toBe(false);
    expect(press("n", { ctrlKey: true })).toBe(false);
  });

  it("is ignored while typing in a field or editable text", () => {
    for (const tagName of ["INPUT", "TEXTAREA", "SELECT"]) {
      expect(press("b", { ctrlKey: true }, { tagName, isContentEditable: false })).toBe(false);
    }
    const editable = { tagName: "DIV", isContentEditable: true };
    expect(press("b", { metaKey: true }, editable)).toBe(false);
    expect(press("b", { ctrlKey: true }, { tagName: "BUTTON", isContentEditable: false })).toBe(
      true,
    );
    expect(press("b", { ctrlKey: true }, { tagName: "A", isContentEditable: false })).toBe(true);
  });
});

describe("isTypingTarget", () => {
  it("is false for no element at all (the document, the window)", () => {
    expect(isTypingTarget(null)).toBe(false);
    expect(isTypingTarget(new EventTarget())).toBe(false);
  });
});

describe("parseSidebarForm", () => {
  it("sets the state the button asked for", () => {
    expect(parseSidebarForm(form({ sidebar: "collapsed" }))).toEqual({ kind: "set", open: false });
    expect(parseSidebarForm(form({ sidebar: "expanded" }))).toEqual({ kind: "set", open: true });
  });

  it("flips when no state is given and opens the sheet for the phone button", () => {
    expect(parseSidebarForm(form({ redirectTo: "/dashboard" }))).toEqual({ kind: "flip" });
    expect(parseSidebarForm(form({ sidebar: "mobile" }))).toEqual({ kind: "mobile" });
  });

  it("rejects anything else", () => {
    expect(parseSidebarForm(form({ sidebar: "sideways" }))).toBeNull();
    const file = new FormData();
    file.append("sidebar", new Blob(["x"]), "x.txt");
    expect(parseSidebarForm(file)).toBeNull();
  });
});

describe("withMobileSidebar", () => {
  it("adds or removes ?sidebar=open and keeps the rest of the path", () => {
    expect(withMobileSidebar("/dashboard", true)).toBe("/dashboard?sidebar=open");
    expect(withMobileSidebar("/dashboard?x=1#top", true)).toBe("/dashboard?x=1&sidebar=open#top");
    expect(withMobileSidebar("/dashboard?sidebar=open&x=1", false)).toBe("/dashboard?x=1");
    expect(withMobileSidebar("/dashboard/sprint-2", false)).toBe("/dashboard/sprint-2");
  });

  it("is read back by isMobileSidebarOpen", () => {
    expect(isMobileSidebarOpen(new URLSearchParams("sidebar=open"))).toBe(true);
    expect(isMobileSidebarOpen(new URLSearchParams("sidebar=1"))).toBe(false);
  });
});
