// Where a person's sign-in stands, as the console shows it beside their address: active,
// unconfirmed (signed up, not yet confirmed) or invited (not yet accepted).
import { Badge, type BadgeProps } from "~/components/ui/badge";
import type { AccountStatus } from "~/data/shapes";

const STATE_BADGE: Record<AccountStatus, { label: string; variant: BadgeProps["variant"] }> = {
  confirmed: { label: "Active", variant: "success" },
  unconfirmed: { label: "Unconfirmed", variant: "warning" },
  invited: { label: "Invited", variant: "info" },
};

export function AccountStateBadge({ state }: { state: AccountStatus }) {
  const { label, variant } = STATE_BADGE[state];
  return <Badge variant={variant}>{label}</Badge>;
}
