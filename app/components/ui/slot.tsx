// `asChild` for the primitives: a primitive renders its one child with its props merged in (classes
// appended, handlers on both run child first, the rest the child's own; both refs get the element).
// Not Radix's Slot, which would take `/` over its JavaScript budget (decision 020).
import {
  Children,
  cloneElement,
  forwardRef,
  isValidElement,
  type HTMLAttributes,
  type MutableRefObject,
  type ReactNode,
  type Ref,
} from "react";
import { cn } from "~/lib/utils";

type Handler = (...args: unknown[]) => void;

function setRef(ref: Ref<HTMLElement> | undefined, node: HTMLElement | null) {
  if (typeof ref === "function") ref(node);
  else if (ref) (ref as MutableRefObject<HTMLElement | null>).current = node;
}

export const Slot = forwardRef<HTMLElement, HTMLAttributes<HTMLElement> & { children?: ReactNode }>(
  function Slot({ children, ...slotProps }, ref) {
    const child = Children.only(children);
    if (!isValidElement<Record<string, unknown>>(child)) return null;
    const childProps = child.props;
    const merged: Record<string, unknown> = { ...slotProps, ...childProps };
    for (const name in slotProps) {
      const slotValue = (slotProps as Record<string, unknown>)[name];
      const childValue = childProps[name];
      if (typeof slotValue === "function" && typeof childValue === "function") {
        merged[name] = (...args: unknown[]) => {
          (childValue as Handler)(...args);
          (slotValue as Handler)(...args);
        };
      }
    }
    merged.className = cn(slotProps.className, childProps.className as string | undefined);
    const childRef = (child as { ref?: Ref<HTMLElement> }).ref;
    if (ref && childRef) {
      merged.ref = (node: HTMLElement | null) => {
        setRef(ref, node);
        setRef(childRef, node);
      };
    } else if (ref) merged.ref = ref;
    return cloneElement(child, merged);
  },
);
