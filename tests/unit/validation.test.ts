// The shared input rules: the e-mail pattern and its hint, and the password checks.
import { describe, expect, it } from "vitest";
import {
  emailHint,
  INVALID_EMAIL_HINT,
  isAcceptablePassword,
  isValidEmail,
  normalizeEmail,
  passwordChecks,
  passwordScore,
  strengthLevel,
  stripAngleBrackets,
} from "~/forms/validation";
import { signUpSchema } from "~/forms/schemas";

describe("e-mail", () => {
  it("strips < and > as the user types", () => {
    expect(stripAngleBrackets("<script>a@b.co</script>")).toBe("scripta@b.co/script");
  });

  it("trims before validating and submitting", () => {
    expect(normalizeEmail("  client@agency.com \n")).toBe("client@agency.com");
    expect(isValidEmail("  client@agency.com ")).toBe(true);
  });

  it.each(["client@agency.com", "a.b+c@sub.domain.io", "<x@y.z>"])("accepts %s", (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  // The pattern only asks for something@something.something without spaces: addresses in
  // other scripts pass it (whether the auth service takes them is its answer, see auth-errors).
  it.each(["josé@exämple.com", "用户@例子.广告", "почта@пример.рф", "user@bücher.de"])(
    "accepts the non-ASCII address %s",
    (email) => {
      expect(isValidEmail(email)).toBe(true);
      expect(signUpSchema.safeParse({ email, password: "Abcdefg1!" }).success).toBe(true);
    },
  );

  it.each(["josé@exämple", "用户 @例子.广告", "用户@例子 .广告", "josé@@exämple.com"])(
    "rejects the non-ASCII %j that misses the pattern",
    (email) => {
      expect(isValidEmail(email)).toBe(false);
    },
  );

  it.each([
    "",
    "client",
    "client@",
    "@agency.com",
    "client@agency",
    "a b@c.de",
    "a@b .de",
    `${"a".repeat(250)}@b.co`,
  ])("rejects %j", (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});

describe("the e-mail field's hint", () => {
  const typing = { left: false, submitted: false };

  it("says nothing while a first address is being typed", () => {
    for (const email of ["c", "client", "client@", "client@agency"]) {
      expect(emailHint({ email, ...typing })).toBeUndefined();
    }
  });

  it("shows once the field is left with an invalid address, then follows the typing", () => {
    expect(emailHint({ email: "client@agency", left: true, submitted: false })).toBe(
      INVALID_EMAIL_HINT,
    );
    expect(emailHint({ email: "client@agency.com", left: true, submitted: false })).toBeUndefined();
    // Leaving an empty field is not a mistake yet.
    expect(emailHint({ email: "", left: true, submitted: false })).toBeUndefined();
  });

  it("shows once a submit was tried, even for an empty field", () => {
    expect(emailHint({ email: "", left: false, submitted: true })).toBe(INVALID_EMAIL_HINT);
    expect(emailHint({ email: "client", left: false, submitted: true })).toBe(INVALID_EMAIL_HINT);
  });

  it("keeps the server's hint while the field holds the address the server judged", () => {
    const server = { serverHint: "That is already your email address.", judgedEmail: "a@b.co" };
    expect(emailHint({ email: " a@b.co ", ...typing, ...server })).toBe(server.serverHint);
    // Edited: the field's own rule again, checked at once since the server has answered.
    expect(emailHint({ email: "a@b.cox", ...typing, ...server })).toBeUndefined();
    expect(emailHint({ email: "a@b", ...typing, ...server })).toBe(INVALID_EMAIL_HINT);
  });
});

describe("password strength", () => {
  it("runs the five checks", () => {
    expect(passwordChecks("Abcdefg1!")).toEqual({
      length: true,
      uppercase: true,
      lowercase: true,
      digit: true,
      special: true,
    });
    expect(passwordChecks("abc")).toEqual({
      length: false,
      uppercase: false,
      lowercase: true,
      digit: false,
      special: false,
    });
  });

  it.each([
    ["", 0],
    ["abc", 1],
    ["abcdefgh", 2],
    ["Abcdefgh", 3],
    ["Abcdefg1", 4],
    ["Abcdefg1!", 5],
  ])("scores %j as %i", (password, score) => {
    expect(passwordScore(password)).toBe(score);
  });

  it("colours red at 2 or below, yellow at 3, green at 4 or more", () => {
    expect([0, 1, 2, 3, 4, 5].map(strengthLevel)).toEqual([
      "weak",
      "weak",
      "weak",
      "fair",
      "strong",
      "strong",
    ]);
  });

  it("passes at 4 of 5 checks with at least 8 characters", () => {
    expect(isAcceptablePassword("Abcdefg1")).toBe(true);
    expect(isAcceptablePassword("abcdefg1!")).toBe(true);
    expect(isAcceptablePassword("Abcdefgh")).toBe(false);
    expect(isAcceptablePassword("Ab1!xyz")).toBe(false);
  });

  it("rejects passwords longer than the auth service accepts (72 bytes)", () => {
    expect(isAcceptablePassword(`Aa1!${"x".repeat(68)}`)).toBe(true);
    expect(isAcceptablePassword(`Aa1!${"x".repeat(69)}`)).toBe(false);
  });
});
