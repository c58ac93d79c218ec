// Settings through its routes on both engines: a form post (as with or without JavaScript) saves
// the agency's name, colour and words with a trail line each, shown at once on every page's frame
// and the landing page; a refusal keeps what was typed; a save over another one is refused.
import type { AppLoadContext } from "@remix-run/node";
import { fileStore } from "~/files/store.server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AuthServer } from "@portal/auth-server";
import type * as LandingRoute from "~/routes/_landing";
import type * as SettingsRoute from "~/routes/staff.settings";
import type * as Root from "~/root";
import { ENGINES, freshDatabase, stopEngines } from "../support/engines";
import {
  appEnv,
  asData,
  asResponse,
  formPost,
  get,
  settle,
  signedInUser,
  startAdminAuthServer,
  toastOf,
  uniqueEmail,
} from "../support/harness";

afterAll(stopEngines);

const context = (): AppLoadContext => ({ clientIp: "203.0.113.47" });

/** Settings' fields as the page draws them for a new portal. */
const DEFAULTS = {
  name: "Client Portal",
  colour: "",
  senderName: "",
  replyTo: "",
  supportEmail: "",
  bookingUrl: "",
  badge: "Client Portal",
  tagline: "Precision. Innovation. Excellence.",
  introduction:
    "Your programme with our media and consulting team, in one place: four focused sprints, progress you can see and a direct line to your strategist.",
  figureValue0: "99%",
  figureLabel0: "client satisfaction",
  figureValue1: "50+",
  figureLabel1: "projects completed",
  figureValue2: "24/7",
  figureLabel2: "support",
};

describe.each(ENGINES)("the agency's settings on %s", (engine) => {
  let auth: AuthServer;
  let routes: { settings: typeof SettingsRoute; landing: typeof LandingRoute; root: typeof Root };

  beforeAll(async () => {
    appEnv();
    const { closeProductDatabase } = await import("~/data/connection.server");
    await closeProductDatabase();
    auth = await startAdminAuthServer({}, freshDatabase(engine) as Record<string, string>);
    routes = {
      settings: await import("~/routes/staff.settings"),
      landing: await import("~/routes/_landing"),
      root: await import("~/root"),
    };
  });

  afterAll(async () => {
    await auth.close();
  });

  const save = (cookie: string, fields: Record<string, string>) =>
    settle(() =>
      routes.settings.action({
        request: formPost("/staff/settings", { ...DEFAULTS, ...fields }, cookie),
        context: context(),
        params: {},
      }),
    );

  const page = (cookie: string) =>
    routes.settings.loader({
      request: get("/staff/settings", cookie),
      context: context(),
      params: {},
    });

  const rootBrand = async () => {
    const { forgetBrand } = await import("~/brand/brand.server");
    forgetBrand();
    const answer = asData<{ brand: { name: string; primary?: string } }>(
      await routes.root.loader({ request: get("/"), context: context(), params: {} }),
    );
    return answer.data.brand;
  };

  it("saves the agency's name, colour and words, a trail line for each change", async () => {
    const ada = await signedInUser(auth, uniqueEmail(`ada-${engine}`), {
      extra: { app_metadata: { role: "staff" } },
      clientIp: context().clientIp,
    });
    const before = await page(ada.cookie);
    expect(before.brand).toMatchObject({ name: "Client Portal", colour: null, version: 0 });
    expect(before.trail).toEqual([]);

    const saved = asResponse(
      await save(ada.cookie, {
        name: "Northwind Media",
        colour: "#0F766E",
        supportEmail: "help@northwind.test",
        tagline: "Stories that sell.",
        figureValue2: "",
        figureLabel2: "",
      }),
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/staff/settings");
    expect((await toastOf(saved))?.title).toBe("Settings Saved");
    const after = await page(ada.cookie);
    expect(after.brand).toMatchObject({ name: "Northwind Media", colour: "#0f766e", version: 1 });
    // Newest first: one save's lines in the reverse of the form's order.
    expect(after.trail.map((line) => [line.field, line.before, line.after])).toEqual([
      [
        "Landing figures",
        "99% client satisfaction, 50+ projects completed, 24/7 support",
        "99% client satisfaction, 50+ projects completed",
      ],
      ["Landing tagline", "Precision. Innovation. Excellence.", "Stories that sell."],
      ["Support address", "—", "help@northwind.test"],
      ["Brand colour", "—", "#0f766e"],
      ["Agency name", "Client Portal", "Northwind Media"],
    ]);
    expect(after.trail.every((line) => line.actorEmail === ada.email)).toBe(true);

    // Every page's frame and the landing page show it at once.
    expect(await rootBrand()).toEqual({
      name: "Northwind Media",
      primary: "175 77% 26%",
      version: 1,
    });
    // The offline page the worker keeps (keyed by that version) and the web manifest, too.
    const offline = await (await import("~/routes/offline[.]html")).loader();
    expect(await offline.text()).toContain("<title>You're offline | Northwind Media</title>");
    const manifest = await (await import("~/routes/manifest[.]webmanifest")).loader();
    expect(manifest.headers.get("Content-Type")).toBe("application/manifest+json");
    expect(await manifest.json()).toMatchObject({
      name: "Northwind Media",
      theme_color: "#0f766e",
    });
    const landing = await routes.landing.loader({
      request: get("/"),
      context: context(),
      params: {},
    });
    expect(landing.words.tagline).toBe("Stories that sell.");
    expect(landing.words.figures).toHaveLength(2);
    expect(landing.support).toBe("help@northwind.test");

    // The same again: nothing changes, no line.
    const again = asResponse(
      await save(ada.cookie, {
        name: "Northwind Media",
        colour: "#0f766e",
        supportEmail: "help@northwind.test",
        tagline: "Stories that sell.",
        figureValue2: "",
        figureLabel2: "",
      }),
    );
    expect((await toastOf(again))?.title).toBe("No Changes");
    expect((await page(ada.cookie)).trail).toHaveLength(5);
  });

  it("answers a colour white text cannot be read on with the form again, as typed", async () => {
    const ada = await signedInUser(auth, uniqueEmail(`ada-${engine}`), {
      extra: { app_metadata: { role: "staff" } },
      clientIp: context().clientIp,
    });
    const refused = asData<{ values: Record<string, string>; errors: Record<string, string> }>(
      await save(ada.cookie, { name: "Bright Co", colour: "#facc15" }),
    );
    expect(refused.init?.status).toBe(400);
    expect(refused.data.values).toMatchObject({ name: "Bright Co", colour: "#facc15" });
    expect(refused.data.errors.colour).toMatch(/contrast of at least 4\.5:1/);
    // A figure without its words is refused by the field missing.
    const half = asData<{ errors: Record<string, string> }>(
      await save(ada.cookie, { figureLabel0: "" }),
    );
    expect(half.init?.status).toBe(400);
    expect(Object.keys(half.data.errors)).toEqual(["figureLabel0"]);
    // Nothing was saved by either.
    expect((await page(ada.cookie)).brand.name).not.toBe("Bright Co");
  });

  it("is the 404 page for a client; a visitor is sent to sign in", async () => {
    const dana = await signedInUser(auth, uniqueEmail(`dana-${engine}`), {
      clientIp: context().clientIp,
    });
    for (const [cookie, expected] of [
      [dana.cookie, 404],
      ["", 302],
    ] as const) {
      // The not-found answer, thrown as a page or as data with its status.
      const status = (answer: unknown) =>
        answer instanceof Response ? answer.status : asData(answer).init?.status;
      expect(status(await settle(() => page(cookie)))).toBe(expected);
      expect(status(await save(cookie, { name: "Taken Over" }))).toBe(expected);
    }
  });

  it("takes a logo, drawn for the header and the icons, served for a year; refuses others", async () => {
    const ada = await signedInUser(auth, uniqueEmail(`ada-${engine}`), {
      extra: { app_metadata: { role: "staff" } },
      clientIp: context().clientIp,
    });
    const upload = (bytes: Buffer, name: string) => {
      const form = new FormData();
      form.set("logo", new File([new Uint8Array(bytes)], name, { type: "image/png" }));
      const request = new Request("http://portal.test/staff/settings", {
        method: "POST",
        headers: { Cookie: ada.cookie },
        body: form,
      });
      return settle(() => routes.settings.action({ request, context: context(), params: {} }));
    };
    // What the uploads leave in the file store: each key put and not removed since.
    const store = fileStore();
    const put = vi.spyOn(store, "put");
    const dropped = vi.spyOn(store, "remove");
    put.mockClear();
    dropped.mockClear();
    const keptKeys = () => {
      const gone = new Set(dropped.mock.calls.map(([key]) => key));
      return put.mock.calls.map(([key]) => key).filter((key) => !gone.has(key));
    };
    const refusedWith = async (bytes: Buffer, name: string) => {
      const answer = asData<{ toast: { title: string } }>(await upload(bytes, name));
      return [answer.init?.status, answer.data.toast.title];
    };
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const html = Buffer.from("<!doctype html><script>alert(1)</script>");
    const sharp = (await import("sharp")).default;
    const wide = await sharp({
      create: { width: 20_000, height: 2, channels: 3, background: "#000" },
    })
      .png()
      .toBuffer();
    expect(await refusedWith(svg, "logo.png")).toEqual([415, "Not an Image We Take"]);
    expect(await refusedWith(html, "logo.png")).toEqual([415, "Not an Image We Take"]);
    expect(await refusedWith(wide, "wide.png")).toEqual([413, "Logo Too Large"]);
    expect(await refusedWith(Buffer.alloc(10_000_000, 7), "big.png")).toEqual([
      413,
      "Logo Too Large",
    ]);
    // A kind files may be, but no image; a name that claims no kind.
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
    expect(await refusedWith(pdf, "logo.pdf")).toEqual([415, "Not an Image We Take"]);
    expect(await refusedWith(pdf, "logo")).toEqual([415, "Not an Image We Take"]);
    expect((await page(ada.cookie)).brand.logo).toBeNull();
    // Nothing refused was kept.
    expect(keptKeys()).toEqual([]);

    const logo = await sharp({
      create: { width: 600, height: 200, channels: 4, background: "#0f766e" },
    })
      .png()
      .toBuffer();
    expect(asResponse(await upload(logo, "northwind.png")).status).toBe(302);
    const { brand, trail } = await page(ada.cookie);
    expect(brand.logo).toMatch(/^[0-9a-f]{16}$/);
    // Its five drawings are kept; the file as sent is not.
    const drawings = keptKeys();
    expect(drawings).toHaveLength(5);
    expect(trail[0]).toMatchObject({ field: "Logo", before: "—", after: brand.logo });
    expect(await rootBrand()).toMatchObject({ logo: brand.logo });
    const fileRoute = await import("~/routes/brand.$file");
    const served = async (file: string) =>
      settle(() =>
        fileRoute.loader({ request: get(`/brand/${file}`), context: context(), params: { file } }),
      );
    for (const [file, size] of [
      ["header", [192, 64]],
      ["icon-32", [32, 32]],
      ["icon-512", [512, 512]],
    ] as const) {
      const answer = asResponse(await served(`${brand.logo}-${file}.png`));
      expect(answer.headers.get("Content-Type")).toBe("image/png");
      expect(answer.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      const { width, height } = await sharp(Buffer.from(await answer.arrayBuffer())).metadata();
      expect([width, height]).toEqual(size);
    }
    for (const file of [
      "0000000000000000-header.png",
      `${brand.logo}-other.png`,
      "..%2Fx-header.png",
    ]) {
      expect(asData(await served(file)).init?.status, file).toBe(404);
    }
    // Removed, the portal's own mark is back.
    // Another logo replaces it: the first one's drawings go.
    const other = await sharp({
      create: { width: 300, height: 300, channels: 3, background: "#1e3a8a" },
    })
      .jpeg()
      .toBuffer();
    expect(asResponse(await upload(other, "square.jpg")).status).toBe(302);
    const second = keptKeys();
    expect(second).toHaveLength(5);
    expect(second.some((key) => drawings.includes(key))).toBe(false);
    expect(asData(await served(`${brand.logo}-header.png`)).init?.status).toBe(404);
    const removed = asResponse(await save(ada.cookie, { intent: "remove-logo" }));
    expect(removed.status).toBe(302);
    expect((await page(ada.cookie)).brand.logo).toBeNull();
    expect(keptKeys()).toEqual([]);
    put.mockRestore();
    dropped.mockRestore();
  });

  it("refuses a save over another one made meanwhile, and keeps the other", async () => {
    const { database, inTransaction } = await import("~/data/connection.server");
    const { readAgencySettings, saveAgencySettings } =
      await import("~/data/agency-settings.server");
    const { version } = await readAgencySettings(await database());
    const first = await inTransaction((trx) =>
      saveAgencySettings(trx, JSON.stringify({ name: "First" }), version, Date.now()),
    );
    const second = await inTransaction((trx) =>
      saveAgencySettings(trx, JSON.stringify({ name: "Second" }), version, Date.now()),
    );
    expect([first, second]).toEqual([true, false]);
    const stored = await readAgencySettings(await database());
    expect(stored).toEqual({ settings: JSON.stringify({ name: "First" }), version: version + 1 });
  });
});
