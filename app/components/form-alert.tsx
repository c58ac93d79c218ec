// A form's error kept by its submit button: the latest answer's error toast as an alert, named in
// the form's `aria-describedby`, until a field is edited or a form is sent again; the toaster then
// shows that toast unannounced. Without JavaScript the server renders it (decision 039).
import { useActionData } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type RefObject } from "react";
import { useToastShownInForm } from "~/components/toaster";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import type { ShownToast } from "~/content/toasts";
import type { FormAnswer } from "~/forms/answer";

/**
 * Whether an answer is this form's, for a page with several forms posting to one action when the
 * page cannot tell which form was sent (the answer came with the page, as without JavaScript): by
 * what the answer carries, such as the form's own fields.
 */
export type ClaimsAnswer = (answer: FormAnswer) => boolean;

const everyAnswer: ClaimsAnswer = () => true;

export interface FormAlertState {
  /** Spread on the form. */
  formProps: {
    ref: RefObject<HTMLFormElement>;
    onChange: () => void;
    "aria-describedby"?: string;
  };
  /** Spread on the form's submit button. */
  submitProps: { "aria-describedby"?: string };
  /** Given to `<FormAlert>`. */
  alertProps: { id: string; toast: ShownToast | undefined };
}

export function useFormAlert(claimsAnswer: ClaimsAnswer = everyAnswer): FormAlertState {
  const id = useId();
  const ref = useRef<HTMLFormElement>(null);
  const answer = useActionData<FormAnswer>();
  const toast = answer?.toast.variant === "error" ? answer.toast : undefined;
  // Whether the page's latest post was this form's; null while the page has sent none.
  const [postedHere, setPostedHere] = useState<boolean | null>(null);
  // The answer an edit or a new post has put away.
  const [putAwayId, setPutAwayId] = useState<string | undefined>(undefined);

  const toastId = toast?.id;
  useEffect(() => {
    const posted = (event: SubmitEvent) => {
      setPostedHere(event.target === ref.current);
      setPutAwayId(toastId);
    };
    document.addEventListener("submit", posted, true);
    return () => document.removeEventListener("submit", posted, true);
  }, [toastId]);

  const claimed = postedHere ?? (answer !== undefined && claimsAnswer(answer));
  const shown = toast && toast.id !== putAwayId && claimed ? toast : undefined;
  useToastShownInForm(shown?.id);
  const describedBy = shown ? id : undefined;
  return {
    formProps: { ref, onChange: () => setPutAwayId(toastId), "aria-describedby": describedBy },
    submitProps: { "aria-describedby": describedBy },
    alertProps: { id, toast: shown },
  };
}

export function FormAlert({
  id,
  toast,
  className,
}: FormAlertState["alertProps"] & { className?: string }) {
  if (!toast) return null;
  // A new answer is a new alert, read out even when its text is the same as the last one's.
  return (
    <Alert key={toast.id} id={id} className={className}>
      <AlertTitle>{toast.title}</AlertTitle>
      <AlertDescription>{toast.description}</AlertDescription>
    </Alert>
  );
}
