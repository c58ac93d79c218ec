// Sheet primitive: a Radix dialog that slides in from the left. Like dialog.tsx it renders without
// a portal, so a sheet that is open on the server (e.g. from a query string) is in the HTML, and
// closing it returns focus to what opened it, else to `returnFocusId` (./return-focus).
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { forwardRef, type ElementRef } from "react";
import { cn } from "~/lib/utils";
import type { ContentProps } from "./dialog";
import { useReturnFocus } from "./return-focus";

export const Sheet = DialogPrimitive.Root;

export const SheetContent = forwardRef<
  ElementRef<typeof DialogPrimitive.Content>,
  ContentProps & { overlayClassName?: string }
>(({ className, overlayClassName, returnFocusId, children, ...props }, ref) => {
  const focusHandlers = useReturnFocus(returnFocusId);
  return (
    <>
      <DialogPrimitive.Overlay className={cn("fixed inset-0 z-40 bg-black/60", overlayClassName)} />
      <DialogPrimitive.Content
        ref={ref}
        className={cn(
          "fixed inset-y-0 left-0 z-50 flex h-full flex-col border-r shadow-lg motion-safe:animate-sheet-in",
          className,
        )}
        {...props}
        {...focusHandlers}
      >
        {children}
      </DialogPrimitive.Content>
    </>
  );
});
SheetContent.displayName = "SheetContent";

export const SheetTitle = DialogPrimitive.Title;
export const SheetDescription = DialogPrimitive.Description;
