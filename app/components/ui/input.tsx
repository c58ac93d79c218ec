// Text input primitive.
import { forwardRef, type InputHTMLAttributes } from "react";
import { cn } from "~/lib/utils";

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(
  ({ className, type, ...props }, ref) => (
    <input type={type} className={cn("field", className)} ref={ref} {...props} />
  ),
);
Input.displayName = "Input";
