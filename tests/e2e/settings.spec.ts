// The agency's Settings as staff use them, with JavaScript and then without, on the PostgreSQL
// server (no other spec reads its brand): the name, colour and logo on the landing page, the console
// and a client's dashboard; a colour too light refused beside its field with what was typed kept.
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { servers } from "../support/e2e/servers";
import {
  createUser,
  expect,
  expectAccessible,
  signedInDevice,
  test,
  uniqueEmail,
} from "../support/e2e/fixtures";
import { screenshot } from "../support/e2e/page-checks";

const server = servers.postgres;

/** Saves `fields` through the Settings form as `page` (a browser with or without JavaScript). */
async function saveSettings(page: Page, fields: Record<string, string>) {
  await page.goto(`${server.appUrl}/staff/settings`);
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label).fill(value);
  await page.getByRole("button", { name: "Save Settings" }).click();
}

test("staff brand the portal: its name, colour and words on every page, at once", async ({
  browser,
}) => {
  const staffEmail = uniqueEmail("settings-staff");
  await createUser(staffEmail, { server, staff: true });
  const clientEmail = uniqueEmail("settings-client");
  await createUser(clientEmail, { server });
  const withScript = await signedInDevice(browser, staffEmail, {
    server,
    landing: "/staff",
    javaScriptEnabled: true,
  });
  const withoutScript = await signedInDevice(browser, staffEmail, {
    server,
    landing: "/staff",
    javaScriptEnabled: false,
  });
  try {
    // With JavaScript: a colour white text cannot be read on is refused beside its field.
    await saveSettings(withScript, { "Agency name": "Northwind Media", "Brand colour": "#facc15" });
    await expect(withScript.locator("#settings-colour-error")).toContainText("4.5:1");
    await expect(withScript.getByLabel("Agency name")).toHaveValue("Northwind Media");
    await expect(withScript.getByLabel("Brand colour")).toHaveValue("#facc15");
    await expectAccessible(withScript);

    // Without JavaScript: the same form saves; the trail names the change and who made it.
    await saveSettings(withoutScript, {
      "Agency name": "Northwind Media",
      "Brand colour": "#0f766e",
      Tagline: "Stories that sell.",
    });
    const changes = withoutScript.getByRole("region", { name: "Changes" });
    await expect(changes).toContainText("Client Portal → Northwind Media");
    await expect(changes).toContainText(staffEmail);
    await expect(withoutScript).toHaveTitle("Settings · Northwind Media Console");
    // The logo, uploaded without JavaScript: beside the name in the header, and the tab's icon.
    await withoutScript.getByLabel("Logo file").setInputFiles({
      name: "northwind.png",
      mimeType: "image/png",
      buffer: await sharp({
        create: { width: 300, height: 100, channels: 4, background: "#0f766e" },
      })
        .png()
        .toBuffer(),
    });
    await withoutScript.getByRole("button", { name: "Upload Logo" }).click();
    await expect(withoutScript.getByRole("img", { name: "Your logo" })).toBeVisible();
    const header = withoutScript.getByRole("banner").locator("img");
    await expect(header).toHaveAttribute("src", /^\/brand\/[0-9a-f]{16}-header\.png$/);
    expect(await header.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(192);
    await expect(withoutScript.locator('link[rel="icon"]')).toHaveAttribute(
      "href",
      /^\/brand\/[0-9a-f]{16}-icon-32\.png$/,
    );
    await screenshot(withoutScript, "staff-settings");

    // A visitor's landing page, and a client's dashboard, show it at once, in its colour.
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(server.appUrl);
    await expect(visitor).toHaveTitle("Northwind Media | Stories that sell.");
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Stories that sell.");
    await expect(visitor.getByRole("banner")).toContainText("Northwind Media");
    // The stylesheet's colours are HSL: the brand colour comes back within a step per channel.
    const button = visitor.getByRole("link", { name: "Get Started" });
    const drawn = await button.evaluate((element) => getComputedStyle(element).backgroundColor);
    const channels = drawn.match(/\d+/g)?.slice(0, 3).map(Number) ?? [];
    [15, 118, 110].forEach((wanted, index) =>
      expect(Math.abs((channels[index] ?? -9) - wanted)).toBeLessThanOrEqual(2),
    );
    await screenshot(visitor, "landing-branded");
    const client = await signedInDevice(browser, clientEmail, { server, javaScriptEnabled: true });
    await expect(client).toHaveTitle("Dashboard · Northwind Media");
    await expect(client.getByRole("complementary", { name: "Sidebar" })).toContainText(
      "Northwind Media",
    );
    await screenshot(client, "dashboard-branded");
    await visitor.context().close();
    await client.context().close();
  } finally {
    // The server's portal is left as it was for the next run.
    await saveSettings(withoutScript, {
      "Agency name": "Client Portal",
      "Brand colour": "",
      Tagline: "Precision. Innovation. Excellence.",
    });
    await withoutScript.goto(`${server.appUrl}/staff/settings`);
    const remove = withoutScript.getByRole("button", { name: "Remove Logo" });
    if (await remove.count()) await remove.click();
    await withScript.context().close();
    await withoutScript.context().close();
  }
});
