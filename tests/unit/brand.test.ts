// The agency's brand: the contrast a colour keeps with white text, the colour as the stylesheet
// takes it, Settings' form as the server reads it (hostile input included), and stored settings
// read over the defaults, a field that cannot be read keeping its default.
import { describe, expect, it } from "vitest";
import { contrastWithWhite, DEFAULT_LANDING, hslOf, pageBrandOf } from "~/brand/brand";
import { brandFrom } from "~/brand/brand.server";
import { brandSettingsSchema } from "~/forms/schemas";

const form = (fields: Record<string, string> = {}) => ({
  name: "Northwind Media",
  colour: "",
  senderName: "",
  replyTo: "",
  supportEmail: "",
  bookingUrl: "",
  badge: "Client Portal",
  tagline: "Stories that sell.",
  introduction: "Your programme, in one place.",
  figureValue0: "",
  figureLabel0: "",
  figureValue1: "",
  figureLabel1: "",
  figureValue2: "",
  figureLabel2: "",
  ...fields,
});

const issueOf = (fields: Record<string, string>) => {
  const result = brandSettingsSchema.safeParse(form(fields));
  return result.success ? null : [result.error.issues[0]?.path[0], result.error.issues[0]?.message];
};

describe("a brand colour", () => {
  it.each([
    ["#ffffff", 1],
    ["#000000", 21],
    ["#767676", 4.54],
    ["#777777", 4.48],
  ])("white on %s has a contrast of %f", (hex, ratio) => {
    expect(contrastWithWhite(hex)).toBeCloseTo(ratio, 2);
  });

  it("is written as the stylesheet's variables hold colours", () => {
    expect(hslOf("#0f766e")).toBe("175 77% 26%");
    expect(hslOf("#000000")).toBe("0 0% 0%");
    expect(pageBrandOf({ ...brandFrom(null, 0), colour: "#0f766e" }).primary).toBe("175 77% 26%");
    expect(pageBrandOf(brandFrom(null, 0))).toEqual({ name: "Client Portal" });
  });
});

describe("Settings' form", () => {
  it("takes the agency's words, trimmed, empty optional fields as none", () => {
    const result = brandSettingsSchema.safeParse(
      form({ name: "  Northwind Media ", colour: "#0F766E", replyTo: "<hello@northwind.test>" }),
    );
    expect(result.success && result.data).toMatchObject({
      name: "Northwind Media",
      colour: "#0f766e",
      senderName: null,
      replyTo: "hello@northwind.test",
      supportEmail: null,
      bookingUrl: null,
    });
  });

  it.each<[string, Record<string, string>, [string, string]]>([
    ["a colour too light for white text", { colour: "#facc15" }, ["colour", "brandColourInvalid"]],
    [
      "a colour that is none",
      { colour: "red; background: url(x)" },
      ["colour", "brandColourInvalid"],
    ],
    ["no name", { name: " \u0000 " }, ["name", "brandTextInvalid"]],
    ["a name too long", { name: "N".repeat(81) }, ["name", "brandTextInvalid"]],
    ["a huge tagline", { tagline: "x".repeat(100_000) }, ["tagline", "brandTextInvalid"]],
    ["a reply-to that is no address", { replyTo: "nobody" }, ["replyTo", "invalidEmail"]],
    [
      "a booking page over http",
      { bookingUrl: "http://cal.test" },
      ["bookingUrl", "brandLinkInvalid"],
    ],
    [
      "a script as booking page",
      { bookingUrl: "javascript:alert(1)" },
      ["bookingUrl", "brandLinkInvalid"],
    ],
    ["a figure without its words", { figureValue1: "12" }, ["figureLabel1", "brandFigureInvalid"]],
    [
      "words without their figure",
      { figureLabel2: "launches" },
      ["figureValue2", "brandFigureInvalid"],
    ],
  ])("refuses %s, naming its field", (_, fields, issue) => {
    expect(issueOf(fields)).toEqual(issue);
  });

  it("reads the figures given whole into a list, in their order", () => {
    const result = brandSettingsSchema.safeParse(
      form({
        figureValue0: "12",
        figureLabel0: "launches",
        figureValue2: "3",
        figureLabel2: "hosts",
      }),
    );
    expect(result.success && result.data.landing.figures).toEqual([
      { value: "12", label: "launches" },
      { value: "3", label: "hosts" },
    ]);
  });

  it("drops control characters and keeps markup as the words it is", () => {
    const result = brandSettingsSchema.safeParse(
      form({ tagline: "<b>Bold</b>\u0007 claims\u202e" }),
    );
    expect(result.success && result.data.landing.tagline).toBe("<b>Bold</b> claims");
  });
});

describe("stored settings", () => {
  it("read over the defaults, each field that cannot be read keeping its own", () => {
    const stored = JSON.stringify({
      name: "Northwind Media",
      colour: "not a colour",
      landing: { tagline: 42, figures: [{ value: "12", label: "launches" }, { value: 3 }] },
    });
    const brand = brandFrom(stored, 4);
    expect(brand).toMatchObject({ name: "Northwind Media", colour: null, version: 4 });
    expect(brand.landing).toEqual({
      ...DEFAULT_LANDING,
      figures: [{ value: "12", label: "launches" }],
    });
  });

  it("read as the defaults when they are no JSON at all", () => {
    expect(brandFrom("{not json", 2)).toEqual({ ...brandFrom(null, 2) });
  });
});
