// The developer outbox: JSON list (newest first, ?to= filter) and the HTML inbox page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, startTestServer, uniqueEmail, type TestServer } from "./helpers";

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer({ GOTRUE_SITE_URL: "http://localhost:3000" });
});
afterAll(() => ts.close());

describe("outbox", () => {
  it("lists messages newest first with every field, and filters by address case-insensitively", async () => {
    const a = uniqueEmail("a");
    const b = uniqueEmail("b");
    await ts.client().auth.signUp({ email: a, password: PASSWORD });
    ts.clock.advance(1);
    await ts.client().auth.signUp({ email: b, password: PASSWORD });

    const all = await ts.raw<Record<string, unknown>[]>("//outbox/messages", { apikey: null });
    expect(all.status).toBe(200);
    expect(all.body.slice(0, 2).map((m) => m.to)).toEqual([b, a]);
    expect(Object.keys(all.body[0]!).sort()).toEqual(
      [
        "confirmation_url",
        "created_at",
        "html",
        "id",
        "reply_to",
        "subject",
        "text",
        "to",
        "verify_url",
      ].sort(),
    );

    const onlyA = await ts.raw<Record<string, unknown>[]>(
      `//outbox/messages?to=${encodeURIComponent(a.toUpperCase())}`,
      {
        apikey: null,
      },
    );
    expect(onlyA.body).toHaveLength(1);
    expect(onlyA.body[0]).toMatchObject({ to: a, subject: "Confirm Your Signup" });
    expect(String(onlyA.body[0]!.html)).toContain(
      String(onlyA.body[0]!.confirmation_url).replaceAll("&", "&amp;"),
    );
  });

  it("renders an HTML inbox with clickable links", async () => {
    const email = uniqueEmail("page");
    await ts.client().auth.signUp({ email, password: PASSWORD });
    const res = await fetch(`${ts.url}/outbox?to=${encodeURIComponent(email)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const page = await res.text();
    const messages = (
      await ts.raw<{ confirmation_url: string; verify_url: string }[]>(
        `//outbox/messages?to=${encodeURIComponent(email)}`,
        { apikey: null },
      )
    ).body;
    expect(page).toContain("<!doctype html>");
    expect(page).toContain(`<a href="${messages[0]!.confirmation_url.replaceAll("&", "&amp;")}">`);
    expect(page).toContain(`<a href="${messages[0]!.verify_url.replaceAll("&", "&amp;")}">`);
    expect(page).toContain("1 message,");
  });

  it("escapes what it renders", async () => {
    const res = await fetch(
      `${ts.url}/outbox?to=${encodeURIComponent('"><script>alert(1)</script>')}`,
    );
    const page = await res.text();
    expect(page).not.toContain("<script>alert(1)</script>");
    expect(page).toContain("&lt;script&gt;");
  });
});
