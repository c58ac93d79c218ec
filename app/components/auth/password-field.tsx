// Password input with an eye toggle ('Show password' / 'Hide password'). The toggle needs
// JavaScript, so it appears once the page is hydrated: without JavaScript there is no button that
// would do nothing.
import { Eye, EyeOff } from "~/components/ui/icons";
import { forwardRef, useState, type InputHTMLAttributes } from "react";
import { Input } from "~/components/ui/input";
import { useHydrated } from "~/hooks/use-hydrated";

export const PasswordField = forwardRef<
  HTMLInputElement,
  Omit<InputHTMLAttributes<HTMLInputElement>, "type">
>(function PasswordField(props, ref) {
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  return (
    <div className="relative">
      <Input {...props} ref={ref} type={visible ? "text" : "password"} className="pr-11" />
      {hydrated ? (
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={visible ? "Hide password" : "Show password"}
          aria-controls={props.id}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {visible ? (
            <EyeOff className="h-4 w-4" aria-hidden />
          ) : (
            <Eye className="h-4 w-4" aria-hidden />
          )}
        </button>
      ) : null}
    </div>
  );
});
