// Start-up configuration: TRUST_PROXY takes hops or addresses, never `true`; HTTP limits default,
// the header timeout within the request's; the bench's session user only on loopback; configure()
// gets the parsed value; the staff command's part needs nothing else.
import { describe, expect, it } from "vitest";
import { ConfigError, parseAuthAdminEnv, parseEnv } from "~/lib/env.server";

const base = { NODE_ENV: "test", SESSION_SECRET: "unit-test-session-secret-0123456789abcdef" };

function problems(source: Record<string, string>): string[] {
  try {
    parseEnv({ ...base, ...source });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("mail servers' addresses", () => {
  it.each([
    ["SMTP_URL", "not a url"],
    ["SMTP_URL", "https://mail.example.com"],
    ["INBOUND_IMAP_URL", "not a url"],
    ["INBOUND_IMAP_URL", "imap://mail.example.com"],
  ])("refuses %s=%j as a problem named, not a crash", (name, value) => {
    const found = problems({
      [name]: value,
      ...(name === "SMTP_URL" ? { MAIL_FROM: "a@b.co" } : {}),
    });
    expect(found.some((problem) => problem.startsWith(`${name}:`))).toBe(true);
  });
});

describe("TRUST_PROXY", () => {
  it.each([
    [undefined, false],
    ["false", false],
    ["0", false],
    ["1", 1],
    ["2", 2],
    ["10.0.0.0/8", ["10.0.0.0/8"]],
    ["10.0.0.1, 172.16.0.0/12,fd00::/8", ["10.0.0.1", "172.16.0.0/12", "fd00::/8"]],
    ["loopback", ["loopback"]],
  ])("%j is %j", (value, expected) => {
    const env = parseEnv({ ...base, ...(value === undefined ? {} : { TRUST_PROXY: value }) });
    expect(env.TRUST_PROXY).toEqual(expected);
  });

  it("refuses `true` with a message that says what to set instead", () => {
    const [problem, ...rest] = problems({ TRUST_PROXY: "true" });
    expect(rest).toEqual([]);
    expect(problem).toMatch(/^TRUST_PROXY: `true` is not accepted/);
    expect(problem).toMatch(/number of proxies/);
  });

  it.each(["yes", "10.0.0.0/33", "10.0.0.1/8/1", "1.2.3", "-1", "fe80::/129"])(
    "refuses %j",
    (value) => {
      expect(problems({ TRUST_PROXY: value })).toHaveLength(1);
    },
  );
});

describe("HTTP limits", () => {
  it("default to values that need no setting", () => {
    const env = parseEnv(base);
    expect(env.HTTP_HEADERS_TIMEOUT_MS).toBe(20_000);
    expect(env.HTTP_REQUEST_TIMEOUT_MS).toBe(30_000);
    expect(env.HTTP_KEEP_ALIVE_TIMEOUT_MS).toBe(5_000);
    expect(env.HTTP_MAX_CONNECTIONS_PER_IP).toBe(200);
  });

  it("refuse a header timeout longer than the whole request's", () => {
    const [problem, ...rest] = problems({
      HTTP_HEADERS_TIMEOUT_MS: "40000",
      HTTP_REQUEST_TIMEOUT_MS: "30000",
    });
    expect(rest).toEqual([]);
    expect(problem).toMatch(/^HTTP_HEADERS_TIMEOUT_MS: must not exceed HTTP_REQUEST_TIMEOUT_MS/);
  });

  it.each(["0", "-1", "lots"])("refuse %j as a connection cap", (value) => {
    expect(problems({ HTTP_MAX_CONNECTIONS_PER_IP: value })).toHaveLength(1);
  });
});

describe("BENCH_SESSION_USER", () => {
  const user = JSON.stringify({ id: "u-1", email: "bench@example.com" });

  it("is accepted on a loopback site", () => {
    const env = parseEnv({ ...base, SITE_URL: "http://127.0.0.1:3000", BENCH_SESSION_USER: user });
    expect(env.BENCH_SESSION_USER).toEqual({ id: "u-1", email: "bench@example.com" });
  });

  it("stops the start anywhere else", () => {
    expect(
      problems({ SITE_URL: "https://portal.example.com", BENCH_SESSION_USER: user })[0],
    ).toMatch(/^BENCH_SESSION_USER/);
    expect(problems({ SITE_URL: "http://127.0.0.1:3000", BENCH_SESSION_USER: "{}" })).toHaveLength(
      1,
    );
  });
});

describe("AUTH_RATE_LIMIT_SECRET", () => {
  it("is optional, and refused when short", () => {
    expect(parseEnv(base).AUTH_RATE_LIMIT_SECRET).toBeUndefined();
    expect(problems({ AUTH_RATE_LIMIT_SECRET: "short" })[0]).toMatch(/^AUTH_RATE_LIMIT_SECRET/);
  });
});

describe("the auth service's admin API (the staff command's configuration)", () => {
  it("needs no session secret, and defaults to the embedded server of a loopback site", () => {
    expect(parseAuthAdminEnv({ NODE_ENV: "production" })).toEqual({
      PORT: 3000,
      SITE_URL: "http://localhost:3000",
      EMBEDDED_AUTH_PORT: 54321,
      EMBEDDED_AUTH_HOST: "127.0.0.1",
      AUTH_DATA_DIR: ".data/auth",
    });
  });

  it("needs SUPABASE_SERVICE_ROLE_KEY with SUPABASE_URL, which parseEnv accepts too", () => {
    const hosted = { SUPABASE_URL: "https://ref.supabase.co", SUPABASE_SERVICE_ROLE_KEY: "secret" };
    expect(parseAuthAdminEnv(hosted)).toMatchObject(hosted);
    expect(parseEnv({ ...base, ...hosted, SUPABASE_ANON_KEY: "anon" })).toMatchObject(hosted);
    expect(() => parseAuthAdminEnv({ SUPABASE_URL: "https://ref.supabase.co" })).toThrow(
      /SUPABASE_SERVICE_ROLE_KEY: required when SUPABASE_URL is set/,
    );
  });

  it("checks its variables by the same rules", () => {
    expect(() => parseAuthAdminEnv({ EMBEDDED_AUTH_PORT: "70000" })).toThrow(ConfigError);
    expect(() => parseAuthAdminEnv({ SUPABASE_URL: "not a url" })).toThrow(/SUPABASE_URL/);
  });
});
