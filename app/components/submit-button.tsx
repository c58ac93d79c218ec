// A form's submit button: 'Processing...' and disabled while its post is in flight.
import type { ComponentProps } from "react";
import { Button } from "~/components/ui/button";

export function SubmitButton({
  pending,
  disabled,
  children,
  ...props
}: Omit<ComponentProps<typeof Button>, "type"> & { pending: boolean }) {
  return (
    <Button type="submit" disabled={pending || disabled} {...props}>
      {pending ? "Processing..." : children}
    </Button>
  );
}
