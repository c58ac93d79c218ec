// The phone sidebar, the sheet `SidebarProvider` is given: a Radix dialog with the sidebar's
// content and a close button that is a GET form (without JavaScript it reloads the page without
// `?sidebar=open`). Closing it focuses 'Toggle Sidebar', with or without JavaScript (decision 038).
import { useLocation, useSearchParams } from "@remix-run/react";
import { Form } from "~/components/ui/router";
import { Icon } from "./icon";
import { useId, type ReactNode } from "react";
import { Button } from "./button";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "./sheet";
import { useSidebar } from "./sidebar";
import { MOBILE_SIDEBAR_PARAM, MOBILE_SIDEBAR_TRIGGER_ID } from "~/components/ui/sidebar-model";

export function SidebarSheet({ children }: { children: ReactNode }) {
  const { closeMobile } = useSidebar();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const titleId = useId();
  return (
    <Sheet open onOpenChange={(next) => (next ? undefined : closeMobile())}>
      {/* Radix links the title only after mounting; the explicit id names the no-JS sheet too. */}
      <SheetContent
        aria-labelledby={titleId}
        returnFocusId={MOBILE_SIDEBAR_TRIGGER_ID}
        className="w-[--sidebar-width-mobile] max-w-[85vw] bg-sidebar text-sidebar-foreground md:hidden"
        overlayClassName="md:hidden"
      >
        <SheetTitle id={titleId} className="sr-only">
          Sidebar
        </SheetTitle>
        <SheetDescription className="sr-only">
          Move between your dashboard and your sprints.
        </SheetDescription>
        {children}
        {/* A GET form: without JavaScript it reloads the page without ?sidebar=open, and the
            fragment has the browser focus the trigger on that page. */}
        <Form
          method="get"
          action={`${pathname}#${MOBILE_SIDEBAR_TRIGGER_ID}`}
          className="absolute right-3 top-3"
        >
          {[...searchParams]
            .filter(([name]) => name !== MOBILE_SIDEBAR_PARAM)
            .map(([name, value]) => (
              <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
            ))}
          <Button
            type="submit"
            variant={null /* ghost, in the sidebar's own colours */}
            size="icon"
            className="hover:bg-sidebar-accent hover:text-sidebar-accent-foreground"
            onClick={(event) => {
              event.preventDefault();
              closeMobile();
            }}
          >
            <Icon name="x" />
            <span className="sr-only">Close sidebar</span>
          </Button>
        </Form>
      </SheetContent>
    </Sheet>
  );
}
