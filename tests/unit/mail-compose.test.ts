// A notification mail opens with the agency's logo or name, says where to write with questions,
// and shows every time in its reader's zone, named, in its text and HTML parts.
import { describe, expect, it } from "vitest";
import { composeMail } from "~/mail/compose";

const AT = Date.UTC(2026, 11, 4, 23, 59);

const mailIn = (zone: string) =>
  composeMail({
    brand: { name: "Test Agency", logoUrl: null, colour: null, supportEmail: null },
    subject: "New message",
    sections: [{ heading: "Messages", entries: [{ author: "Ada · Agency", at: AT, body: "Hi" }] }],
    reason: "a message waited unread",
    unsubscribe: "http://portal.test/unsubscribe",
    zone,
  });

describe("a mail's head", () => {
  it("is the agency's logo, named by its alt text, in its colour; else its name", () => {
    const brand = {
      name: "Northwind <Media>",
      logoUrl: "https://portal.test/brand/0123456789abcdef-header.png",
      colour: "#0f766e",
      supportEmail: "help@northwind.test",
    };
    const mail = composeMail({
      brand,
      subject: "New message",
      sections: [],
      reason: "a message waited unread",
      unsubscribe: "https://portal.test/unsubscribe",
      zone: "UTC",
    });
    expect(mail.html).toContain(
      '<img src="https://portal.test/brand/0123456789abcdef-header.png" alt="Northwind &#60;Media&#62;"',
    );
    expect(mail.html).toContain("border-bottom:3px solid #0f766e");
    expect(mail.text).toContain("You get this mail from Northwind <Media>'s client portal");
    expect(mailIn("UTC").html).toContain(
      '<strong style="color:#0f172a;font-size:18px">Test Agency</strong>',
    );
    // Where to write with questions, when the agency named an address.
    expect(mail.text).toContain("Questions? Write to help@northwind.test.");
    expect(mail.html).toContain('<a href="mailto:help@northwind.test">help@northwind.test</a>');
    expect(mailIn("UTC").text).not.toContain("Questions?");
  });
});

describe("a message mail's times", () => {
  it.each([
    ["UTC", "Fri 4 Dec, 23:59 UTC"],
    ["America/New_York", "Fri 4 Dec, 18:59 GMT-5"],
    ["Europe/Paris", "Sat 5 Dec, 00:59 CET"],
  ])("in %s", (zone, shown) => {
    const mail = mailIn(zone);
    expect(mail.text).toContain(`Ada · Agency, ${shown}:`);
    expect(mail.html).toContain(`<strong>Ada · Agency</strong>, ${shown}:`);
  });
});
