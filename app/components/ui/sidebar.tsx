// Sidebar primitives after shadcn's (Tailwind v3) sidebar: a provider holding the cookie-backed
// state and Ctrl/Cmd+B, a desktop rail that collapses to icons, a sheet below 768px, and a trigger
// that is a real form, so the sidebar also opens, closes and navigates without JavaScript.
import { useLocation, useSearchParams } from "@remix-run/react";
import { Form, NavLink } from "~/components/ui/router";
import { Icon, type IconName } from "./icon";
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ComponentType,
  type CSSProperties,
  type HTMLAttributes,
  type ReactNode,
} from "react";
import { Button } from "./button";
import {
  MOBILE_BREAKPOINT,
  MOBILE_SIDEBAR_PARAM,
  MOBILE_SIDEBAR_TRIGGER_ID,
  SIDEBAR_FIELD,
  SIDEBAR_WIDTH,
  SIDEBAR_WIDTH_ICON,
  SIDEBAR_WIDTH_MOBILE,
  isMobileSidebarOpen,
  isSidebarShortcut,
  sidebarCookie,
  withMobileSidebar,
  type SidebarFormValue,
} from "~/components/ui/sidebar-model";
import { cn } from "~/lib/utils";

interface SidebarContextValue {
  /** Desktop rail: expanded (true) or collapsed to icons (false). */
  open: boolean;
  setOpen: (open: boolean) => void;
  /** Phone sheet. `closeMobile` also drops the `?sidebar=open` a no-JS open left in the URL. */
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  closeMobile: () => void;
  /** Unknown (undefined) until mounted: the server renders both variants and CSS picks one. */
  isMobile: boolean | undefined;
  sheet: SidebarSheetSource;
  /** Where the trigger's form posts without JavaScript (the app's sidebar resource route). */
  toggleAction: string;
}

/**
 * The phone sheet: the component that renders it (`SidebarSheet` from ./sidebar-sheet, or a lazily
 * loaded stand-in for it) and, optionally, a way to fetch it before it opens.
 */
export interface SidebarSheetSource {
  Sheet: ComponentType<{ children: ReactNode }>;
  preload?: () => void;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const context = useContext(SidebarContext);
  if (!context) throw new Error("useSidebar must be used inside a SidebarProvider.");
  return context;
}

function useIsMobile(): boolean | undefined {
  const [isMobile, setIsMobile] = useState<boolean>();
  useEffect(() => {
    const query = window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT - 1}px)`);
    const update = () => setIsMobile(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return isMobile;
}

/** The current path without the sheet's query flag: where the toggle form sends the user back. */
function useCleanPath(): string {
  const { pathname, search } = useLocation();
  return withMobileSidebar(`${pathname}${search}`, false);
}

export function SidebarProvider({
  defaultOpen,
  sheet,
  toggleAction,
  children,
}: {
  /** From the `sidebar_state` cookie, read by the layout's loader. */
  defaultOpen: boolean;
  sheet: SidebarSheetSource;
  toggleAction: string;
  children: ReactNode;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [open, setOpenState] = useState(defaultOpen);
  const [openMobile, setOpenMobile] = useState(() => isMobileSidebarOpen(searchParams));
  const isMobile = useIsMobile();
  // Any navigation (e.g. a link in the sheet) closes the sheet: reset during render, no effect.
  const { key: locationKey } = useLocation();
  const [sheetLocationKey, setSheetLocationKey] = useState(locationKey);
  if (sheetLocationKey !== locationKey) {
    setSheetLocationKey(locationKey);
    setOpenMobile(false);
  }

  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    document.cookie = sidebarCookie(next);
  }, []);

  const closeMobile = useCallback(() => {
    setOpenMobile(false);
    if (isMobileSidebarOpen(searchParams)) {
      const next = new URLSearchParams(searchParams);
      next.delete(MOBILE_SIDEBAR_PARAM);
      setSearchParams(next, { replace: true, preventScrollReset: true });
    }
  }, [searchParams, setSearchParams]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSidebarShortcut(event)) return;
      event.preventDefault();
      if (isMobile) {
        if (openMobile) closeMobile();
        else setOpenMobile(true);
      } else setOpen(!open);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [isMobile, open, openMobile, closeMobile, setOpen]);

  const value = useMemo(
    () => ({
      open,
      setOpen,
      openMobile,
      setOpenMobile,
      closeMobile,
      isMobile,
      sheet,
      toggleAction,
    }),
    [open, setOpen, openMobile, closeMobile, isMobile, sheet, toggleAction],
  );

  return (
    <SidebarContext.Provider value={value}>
      <div
        style={
          {
            "--sidebar-width": SIDEBAR_WIDTH,
            "--sidebar-width-icon": SIDEBAR_WIDTH_ICON,
            "--sidebar-width-mobile": SIDEBAR_WIDTH_MOBILE,
          } as CSSProperties
        }
        className="flex min-h-svh w-full"
      >
        {children}
      </div>
    </SidebarContext.Provider>
  );
}

/**
 * Escape hides the collapsed rail's tooltips (they cover part of the page) until focus moves or the
 * pointer leaves the rail: hover and focus content must be dismissible (WCAG 1.4.13).
 */
function useDismissibleTooltips() {
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") setDismissed(true);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
  const show = useCallback(() => setDismissed(false), []);
  return { dismissed, show };
}

/**
 * The desktop rail (`data-state` expanded/collapsed, right from the server's first paint; collapsed,
 * `data-tooltips="on"` lets its links show their names on hover and focus) and the phone sheet.
 * `children` is rendered in both; only one is ever displayed.
 */
export function Sidebar({ children }: { children: ReactNode }) {
  const { open, openMobile, isMobile, sheet } = useSidebar();
  const tooltips = useDismissibleTooltips();
  return (
    <>
      <aside
        data-sidebar="sidebar"
        data-state={open ? "expanded" : "collapsed"}
        data-tooltips={open || tooltips.dismissed ? "off" : "on"}
        aria-label="Sidebar"
        className="group peer hidden text-sidebar-foreground md:block"
        onFocus={tooltips.show}
        onPointerLeave={tooltips.show}
      >
        <div className="sidebar-gap" />
        <div className="sidebar-panel">{children}</div>
      </aside>
      {openMobile && isMobile !== false ? <sheet.Sheet>{children}</sheet.Sheet> : null}
    </>
  );
}

/**
 * 'Toggle Sidebar': a submit button posting to the provider's `toggleAction` (works without JavaScript);
 * with JavaScript the click is handled here and nothing is posted. Two buttons, one per viewport,
 * so that the server knows which one the visitor meant; CSS shows exactly one.
 */
export function SidebarTrigger() {
  const { open, setOpen, openMobile, setOpenMobile, sheet, toggleAction } = useSidebar();
  const cleanPath = useCleanPath();
  const desktopValue: SidebarFormValue = open ? "collapsed" : "expanded";
  const mobileValue: SidebarFormValue = "mobile";
  const label = <span className="sr-only">Toggle Sidebar</span>;
  return (
    <Form method="post" action={toggleAction} className="flex">
      <input type="hidden" name="redirectTo" value={cleanPath} />
      <Button
        type="submit"
        name={SIDEBAR_FIELD}
        value={desktopValue}
        variant="ghost"
        size="icon"
        aria-expanded={open}
        className="max-md:hidden"
        onClick={(event) => {
          event.preventDefault();
          setOpen(!open);
        }}
      >
        <Icon name="panel-left" />
        {label}
      </Button>
      <Button
        id={MOBILE_SIDEBAR_TRIGGER_ID}
        type="submit"
        name={SIDEBAR_FIELD}
        value={mobileValue}
        variant="ghost"
        size="icon"
        aria-expanded={openMobile}
        aria-haspopup="dialog"
        className="md:hidden"
        onPointerEnter={sheet.preload}
        onFocus={sheet.preload}
        onClick={(event) => {
          event.preventDefault();
          setOpenMobile(true);
        }}
      >
        <Icon name="panel-left" />
        {label}
      </Button>
    </Form>
  );
}

export function SidebarInset({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("relative flex min-w-0 flex-1 flex-col", className)} {...props} />;
}

export function SidebarHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("flex flex-col gap-2 p-2", className)} {...props} />;
}

export function SidebarContent({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn(
        "flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto overflow-x-hidden p-2",
        className,
      )}
      {...props}
    />
  );
}

export function SidebarFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("flex flex-col gap-2 p-2", className)} {...props} />;
}

export function SidebarMenu({ className, ...props }: HTMLAttributes<HTMLUListElement>) {
  return <ul className={cn("flex w-full min-w-0 flex-col gap-1", className)} {...props} />;
}

/**
 * A menu entry: a NavLink (so `aria-current="page"` marks the active one) with icon and label. On
 * the collapsed rail the label is visually hidden, so it stays the link's name, and the same text
 * shows as a tooltip beside the icon on hover and keyboard focus: CSS only, so without JavaScript
 * too. The tooltip is fixed (the rail's scrolling content would clip it) at the static position,
 * which centres it on the link; its transparent left border bridges the gap, so the pointer can
 * move onto it.
 */
/** `count` (above 0) shows as a badge; `label` is then the link's accessible name. */
export function SidebarMenuLink({
  to,
  end,
  icon,
  count = 0,
  label,
  children,
}: {
  to: string;
  end?: boolean;
  icon: IconName;
  count?: number;
  label?: string;
  children: ReactNode;
}) {
  return (
    <li>
      <NavLink to={to} end={end} prefetch="intent" aria-label={label} className="sidebar-link">
        <Icon name={icon} className="rail-icon" />
        <span className="rail-label">{children}</span>
        {count > 0 ? (
          <span
            aria-hidden
            className="ml-auto rounded-full bg-indigo-600 px-1.5 text-xs font-semibold leading-5 text-white group-data-[state=collapsed]:absolute group-data-[state=collapsed]:-right-1 group-data-[state=collapsed]:-top-1"
          >
            {count}
          </span>
        ) : null}
      </NavLink>
    </li>
  );
}
