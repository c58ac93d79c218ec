// The strength bar of a new password: the shared score out of 5, red at 2 or below, yellow at 3,
// green at 4+. Only JavaScript can score what is typed, so until the page has hydrated the bar keeps
// its place unseen and says nothing, and without JavaScript the rules are listed instead.
import { cn } from "~/lib/utils";
import {
  PASSWORD_MAX_SCORE,
  PASSWORD_MIN_LENGTH,
  PASSWORD_PASS_SCORE,
  passwordScore,
  strengthLevel,
  type StrengthLevel,
} from "~/forms/validation";
import { useHydrated } from "~/hooks/use-hydrated";

const LEVEL_STYLE: Record<StrengthLevel, { bar: string; label: string }> = {
  weak: { bar: "bg-red-600", label: "Weak" },
  fair: { bar: "bg-yellow-500", label: "Fair" },
  strong: { bar: "bg-green-600", label: "Strong" },
};

/** The checks besides the length, as the list without JavaScript names them. */
const CHARACTER_RULES = [
  "an upper-case letter",
  "a lower-case letter",
  "a number",
  "a symbol, such as ! ? # %",
];

/** The sign-up rules in words, for a page without JavaScript (the length is one of the checks). */
function PasswordRules() {
  return (
    <noscript>
      <div className="text-xs text-muted-foreground">
        <p>
          A password is accepted with {PASSWORD_MIN_LENGTH} or more characters and at least{" "}
          {PASSWORD_PASS_SCORE - 1} of:
        </p>
        <ul className="list-disc pl-5">
          {CHARACTER_RULES.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      </div>
    </noscript>
  );
}

export function PasswordStrength({ password }: { password: string }) {
  const hydrated = useHydrated();
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
        className={cn(
          "h-2 w-full overflow-hidden rounded-full bg-muted",
          hydrated ? null : "invisible",
        )}
      >
        <div
          className={cn("h-full transition-all", style.bar)}
          style={{ width: `${(score / PASSWORD_MAX_SCORE) * 100}%` }}
        />
      </div>
      <p className="text-xs text-muted-foreground">
        Use 8+ characters with upper and lower case letters, a number and a symbol.
        {hydrated ? ` Strength: ${style.label}` : null}
      </p>
      <PasswordRules />
    </div>
  );
}
