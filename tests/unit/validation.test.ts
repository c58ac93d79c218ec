// The shared input rules of spec point 5.
import { describe, expect, it } from "vitest";
import {
  isAcceptablePassword,
  isValidEmail,
  normalizeEmail,
  passwordChecks,
  passwordScore,
  strengthLevel,
  stripAngleBrackets,
} from "~/forms/validation";

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
