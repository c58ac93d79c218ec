// `asChild` for the primitives: instead of its own element, a primitive renders its one child
// element with the primitive's props merged in: classes appended, handlers set on both run child
// first, everything else the child's own. A stand-in for Radix's Slot (1.5 KB gzip on every page,
// for features our primitives do not use). A ref passed to the primitive goes to the child.
import {
  Children,
  cloneElement,
  forwardRef,
  isValidElement,
  type HTMLAttributes,
  type ReactNode,
} from "react";
import { cn } from "~/lib/utils";

type Handler = (...args: unknown[]) => void;

export const Slot = forwardRef<HTMLElement, HTMLAttributes<HTMLElement> & { children?: ReactNode }>(
  function Slot({ children, ...slotProps }, ref) {
    const child = Children.only(children);
    if (!isValidElement<Record<string, unknown>>(child)) return null;
    const childProps = child.props;
    const merged: Record<string, unknown> = { ...slotProps, ...childProps };
    for (const [name, slotValue] of Object.entries(slotProps)) {
      const childValue = childProps[name];
      if (
        /^on[A-Z]/.test(name) &&
        typeof slotValue === "function" &&
        typeof childValue === "function"
      ) {
        merged[name] = (...args: unknown[]) => {
          (childValue as Handler)(...args);
          (slotValue as Handler)(...args);
        };
      }
    }
    merged.className = cn(slotProps.className, childProps.className as string | undefined);
    if (ref) merged.ref = ref;
    return cloneElement(child, merged);
  },
);
