// The agency's settings from two app instances on one PostgreSQL: a save on one shows on the
// other's pages within a second (its brand read is kept that long), with no restart.
import { DEMO_SERVICE_ROLE_KEY } from "@portal/auth-server/demo-keys";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { freshPostgres } from "../support/postgres";
import {
  freePort,
  postForm,
  signedInPerson,
  startAppProcess,
  startAuthProcess,
  type RunningProcess,
} from "../support/processes";

const PASSWORD = "Brand-Instances-2026!";

describe("the agency's settings on two instances of one PostgreSQL", () => {
  let auth: RunningProcess;
  let one: RunningProcess;
  let two: RunningProcess;

  beforeAll(async () => {
    auth = await startAuthProcess(freePort());
    const settings = {
      DATABASE_URL: freshPostgres().url,
      SUPABASE_SERVICE_ROLE_KEY: DEMO_SERVICE_ROLE_KEY,
      RATE_LIMIT_SIGN_IN_PER_IP: "1000",
    };
    [one, two] = await Promise.all([
      startAppProcess(freePort(), auth.url, settings),
      startAppProcess(freePort(), auth.url, settings),
    ]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
    await auth?.stop();
  });

  it("are seen by the other instance without a restart", async () => {
    const landingOf = async (app: RunningProcess) => (await fetch(`${app.url}/`)).text();
    // The other instance has drawn (and kept) the landing page in the default brand.
    expect(await landingOf(two)).toContain("<title>Client Portal | Precision. Innovation.");
    const staff = await signedInPerson(one, auth.url, "brand-staff", PASSWORD, true);
    const saved = await postForm(
      one,
      "/staff/settings",
      {
        name: "Northwind Media",
        colour: "#0f766e",
        badge: "Client Portal",
        tagline: "Stories that sell.",
        introduction: "Your programme, in one place.",
      },
      { Cookie: staff.cookie },
    );
    expect(saved.status).toBe(302);
    expect(await landingOf(one)).toContain("<title>Northwind Media | Stories that sell.</title>");
    await vi.waitFor(
      async () =>
        expect(await landingOf(two)).toContain(
          "<title>Northwind Media | Stories that sell.</title>",
        ),
      { timeout: 10_000, interval: 250 },
    );
    expect(await landingOf(two)).toContain("--primary:175 77% 26%");
  });
});
