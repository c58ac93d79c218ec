// A field's error message under it, the attributes that tie the input to it, and whether the
// user has tried to send the field's form (a hint that waits for that may show).
import { useEffect, useState, type RefObject } from "react";

/** The attributes that tie an input to its error message, when there is one. */
export function errorProps(errorId: string, message: string | undefined) {
  return message ? { "aria-invalid": true, "aria-describedby": errorId } : {};
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

/**
 * Whether the user has tried to send the form `field` is in: a submit, or Enter in one of its
 * inputs, which sends nothing while the form's submit button is disabled.
 */
export function useSubmitTried(field: RefObject<HTMLInputElement>): boolean {
  const [tried, setTried] = useState(false);
  useEffect(() => {
    const form = field.current?.form;
    if (!form) return;
    const onSubmit = () => setTried(true);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Enter" && event.target instanceof HTMLInputElement) setTried(true);
    };
    form.addEventListener("submit", onSubmit);
    form.addEventListener("keydown", onKeyDown);
    return () => {
      form.removeEventListener("submit", onSubmit);
      form.removeEventListener("keydown", onKeyDown);
    };
  }, [field]);
  return tried;
}
