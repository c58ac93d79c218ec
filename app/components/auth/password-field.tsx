// Password input with an eye toggle, rendered only once hydrated (no control that does nothing).
// The toggle is out of the Tab order, so Tab goes on to the submit button; Alt+F8 in the field
// toggles it, and a screen reader reaches it as usual (decision 039).
import { Icon } from "~/components/ui/icon";
import { forwardRef, useState, type InputHTMLAttributes, type KeyboardEvent } from "react";
import { Input } from "~/components/ui/input";
import { useHydrated } from "~/hooks/use-hydrated";

/** The shortcut, as `aria-keyshortcuts` spells it (Edge's own reveal button uses it too). */
const TOGGLE_SHORTCUT = "Alt+F8";

export const PasswordField = forwardRef<
  HTMLInputElement,
  Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "onKeyDown">
>(function PasswordField(props, ref) {
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  const toggle = () => setVisible((shown) => !shown);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.altKey && event.key === "F8") {
      event.preventDefault();
      toggle();
    }
  };
  return (
    <div className="relative">
      <Input
        {...props}
        ref={ref}
        type={visible ? "text" : "password"}
        onKeyDown={onKeyDown}
        className="pr-11"
      />
      {hydrated ? (
        <button
          type="button"
          tabIndex={-1}
          onClick={toggle}
          aria-label={visible ? "Hide password" : "Show password"}
          aria-controls={props.id}
          aria-keyshortcuts={TOGGLE_SHORTCUT}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {visible ? (
            <Icon name="eye-off" className="h-4 w-4" />
          ) : (
            <Icon name="eye" className="h-4 w-4" />
          )}
        </button>
      ) : null}
    </div>
  );
});
