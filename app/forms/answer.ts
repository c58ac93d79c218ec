// The one shape every form's error answer has, for the server that builds it and the components
// that show it: what was typed (passwords never), each field's error, and the toast.
import type { ShownToast } from "~/content/toasts";

export interface FormAnswer<Field extends string = string> {
  values: Partial<Record<Field, string>>;
  errors: Partial<Record<Field, string>>;
  toast: ShownToast;
  /** Sign-in found the address unconfirmed: the form offers the confirmation mail again. */
  unconfirmed?: boolean;
}
