// The sign-up strength bar: the shared score out of 5, red at 2 or below, yellow at 3, green at 4+.
import { cn } from "~/lib/utils";
import {
  PASSWORD_MAX_SCORE,
  passwordScore,
  strengthLevel,
  type StrengthLevel,
} from "~/forms/validation";

const LEVEL_STYLE: Record<StrengthLevel, { bar: string; label: string }> = {
  weak: { bar: "bg-red-600", label: "Weak" },
  fair: { bar: "bg-yellow-500", label: "Fair" },
  strong: { bar: "bg-green-600", label: "Strong" },
};

export function PasswordStrength({ password }: { password: string }) {
  const score = passwordScore(password);
  const level = strengthLevel(score);
  const style = LEVEL_STYLE[level];
  return (
    <div className="grid gap-1">
      <div
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={PASSWORD_MAX_SCORE}
        aria-valuenow={score}
        aria-valuetext={`${style.label}: ${score} of ${PASSWORD_MAX_SCORE} checks`}
        data-level={level}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn("h-full transition-all", style.bar)}
          style={{ width: `${(score / PASSWORD_MAX_SCORE) * 100}%` }}
        />
      </div>
      <p className="text-xs text-muted-foreground">
        Use 8+ characters with upper and lower case letters, a number and a symbol. Strength:{" "}
        {style.label}
      </p>
    </div>
  );
}
