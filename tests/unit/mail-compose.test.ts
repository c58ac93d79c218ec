// A notification mail shows every time in its reader's zone, named, in its text and HTML parts.
import { describe, expect, it } from "vitest";
import { composeMail } from "~/mail/compose";

const AT = Date.UTC(2026, 11, 4, 23, 59);

const mailIn = (zone: string) =>
  composeMail({
    agencyName: "Test Agency",
    subject: "New message",
    sections: [{ heading: "Messages", entries: [{ author: "Ada · Agency", at: AT, body: "Hi" }] }],
    reason: "a message waited unread",
    unsubscribe: "http://portal.test/unsubscribe",
    zone,
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
