// Sheet primitive: a Radix dialog that slides in from the left. Like dialog.tsx it renders without
// a portal, so a sheet that is open on the server (e.g. from a query string) is in the HTML.
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { forwardRef, type ComponentPropsWithoutRef, type ElementRef } from "react";
import { cn } from "~/lib/utils";

export const Sheet = DialogPrimitive.Root;

export const SheetContent = forwardRef<
  ElementRef<typeof DialogPrimitive.Content>,
  ComponentPropsWithoutRef<typeof DialogPrimitive.Content> & { overlayClassName?: string }
>(({ className, overlayClassName, children, ...props }, ref) => (
  <>
    <DialogPrimitive.Overlay className={cn("fixed inset-0 z-40 bg-black/60", overlayClassName)} />
    <DialogPrimitive.Content
      ref={ref}
      className={cn(
        "fixed inset-y-0 left-0 z-50 flex h-full flex-col border-r shadow-lg motion-safe:animate-sheet-in",
        className,
      )}
      {...props}
    >
      {children}
    </DialogPrimitive.Content>
  </>
));
SheetContent.displayName = "SheetContent";

export const SheetTitle = DialogPrimitive.Title;
export const SheetDescription = DialogPrimitive.Description;
