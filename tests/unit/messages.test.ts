// The conversation's pure parts: what a message (and a name) is stored as, drawn as it reads; who
// hears of a change live (a note never reaches a client's stream); how a thread dates its messages.
import { describe, expect, it } from "vitest";
import { relativeIn } from "~/lib/relative-time";
import { clientProfileSchema, messageSchema, messageText } from "~/forms/schemas";
import { seesChange } from "~/live/stream.server";

const person = (id: string, role: string | null) => ({
  id,
  email: `${id}@example.com`,
  role,
  sessionId: "s",
  linkSignInAt: null,
  issuedAt: 0,
  expiresAt: 0,
});

describe("a message's text", () => {
  it("keeps line breaks and tabs, drops other control characters, trims", () => {
    expect(messageText("  Hi\r\nthere\rand\tmore\u0000\u0007\u001b[31m\u0085  ")).toBe(
      "Hi\nthere\nand\tmore[31m",
    );
  });

  it("drops what would make it draw other than it reads, and keeps what emoji are made of", () => {
    const spoofed = "https://evil.example/\u202Efdp.tcartnoc//:sptth";
    expect(messageText(spoofed)).toBe("https://evil.example/fdp.tcartnoc//:sptth");
    expect(messageText("a\u200Bb \u2066c\u2069 d\u00ADe \u200Fx\uFEFF")).toBe("ab c de x");
    const family = "👨\u200D👩\u200D👧";
    const england = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}";
    expect(messageText(`${family} ${england}`)).toBe(`${family} ${england}`);
    expect(clientProfileSchema.parse({ name: "\u202EDana", company: "Acme\u200B" })).toEqual({
      name: "Dana",
      company: "Acme",
    });
  });

  it("is refused empty or over 5,000 characters, and only a ticked box is a note", () => {
    expect(messageSchema.safeParse({ body: " \u0000 \n" }).error?.issues[0]?.message).toBe(
      "messageEmpty",
    );
    expect(messageSchema.safeParse({ body: "a".repeat(5_001) }).error?.issues[0]?.message).toBe(
      "messageTooLong",
    );
    expect(messageSchema.parse({ body: "a".repeat(5_000) }).internal).toBe(false);
    expect(messageSchema.parse({ body: "x", internal: "on" }).internal).toBe(true);
    expect(messageSchema.parse({ body: "x", internal: "true" }).internal).toBe(false);
  });
});

describe("who hears of a change live", () => {
  const client = {
    user: person("client-b-colleague", null),
    accountId: "client-a",
    timeZone: "UTC",
    zoneGiven: true,
  };
  const staff = {
    user: person("staff-a", "staff"),
    accountId: "staff-a",
    timeZone: "UTC",
    zoneGiven: true,
  };

  it("tells staff of every client's change, a note included", () => {
    expect(seesChange(staff, { clientId: "client-b" })).toBe(true);
    expect(seesChange(staff, { clientId: "client-b", staffOnly: true })).toBe(true);
  });

  it("tells a client's people of their account's changes only, never of a note", () => {
    expect(seesChange(client, { clientId: "client-a" })).toBe(true);
    expect(seesChange(client, { clientId: "client-b" })).toBe(false);
    expect(seesChange(client, { clientId: "client-a", staffOnly: true })).toBe(false);
  });
});

describe("a message's time", () => {
  const now = Date.UTC(2026, 10, 27, 12, 0);
  it("reads relative to the page's moment, then as a day of the reader's calendar", () => {
    const relativeTime = (at: number) => relativeIn(at, now, "UTC");
    expect(relativeTime(now - 20_000)).toBe("just now");
    expect(relativeTime(now + 5_000)).toBe("just now");
    expect(relativeTime(now - 5 * 60_000)).toBe("5 min ago");
    expect(relativeTime(now - 3 * 3_600_000)).toBe("3 h ago");
    expect(relativeTime(now - 2 * 86_400_000)).toBe("2 d ago");
    expect(relativeTime(Date.UTC(2026, 9, 1))).toBe("Thu 1 Oct");
    // Midnight UTC on 1 October is still 30 September in New York.
    expect(relativeIn(Date.UTC(2026, 9, 1), now, "America/New_York")).toBe("Wed 30 Sept");
  });
});
