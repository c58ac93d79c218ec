// Multi-line text input primitive: the text field's look, its height from `rows`.
import { forwardRef, type TextareaHTMLAttributes } from "react";
import { cn } from "~/lib/utils";

export const Textarea = forwardRef<
  HTMLTextAreaElement,
  TextareaHTMLAttributes<HTMLTextAreaElement>
>(({ className, ...props }, ref) => (
  <textarea className={cn("field-area", className)} ref={ref} {...props} />
));
Textarea.displayName = "Textarea";
