// The embedded auth server's mails in the agency's dress, on both engines: a recovery mail reaches
// a real SMTP server from the agency's sender name, replies going where Settings says, under its
// name and colour, saying where to write with questions; before any save, under the seeded name.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AuthServer } from "@portal/auth-server";
import { startMailCatcher, type MailCatcher } from "@portal/auth-server/tests/smtp-mail";
import { ENGINES, freshDatabase, stopEngines } from "../support/engines";
import { adminCreateUser, appEnv, startAdminAuthServer, uniqueEmail } from "../support/harness";

afterAll(stopEngines);

describe.each(ENGINES)("the auth server's mails on %s", (engine) => {
  let auth: AuthServer;
  let smtp: MailCatcher;

  beforeAll(async () => {
    appEnv();
    smtp = await startMailCatcher();
    auth = await startAdminAuthServer(
      {
        GOTRUE_SMTP_HOST: "127.0.0.1",
        GOTRUE_SMTP_PORT: String(smtp.port),
        GOTRUE_SMTP_ADMIN_EMAIL: "no-reply@agency.example",
        GOTRUE_SMTP_SENDER_NAME: "Auth Server",
      },
      freshDatabase(engine) as Record<string, string>,
    );
    const { frameAuthMail } = await import("~/mail/auth-mail.server");
    auth.frameMails(frameAuthMail);
  });

  afterAll(async () => {
    await auth?.close();
    await smtp?.close();
  });

  /** Asks the auth server for a recovery mail to a new account, and the mail as delivered. */
  async function recoveryMail() {
    const email = uniqueEmail(`recover-${engine}`);
    await adminCreateUser(auth, email);
    const asked = await fetch(`${auth.url}/auth/v1/recover`, {
      method: "POST",
      headers: { apikey: auth.anonKey, "Content-Type": "application/json" },
      body: JSON.stringify({ email }),
    });
    expect(asked.status).toBe(200);
    return vi.waitFor(() => {
      const mail = smtp.messages.find(
        (message) => message.to && "text" in message.to && message.to.text === email,
      );
      if (!mail) throw new Error("no mail yet");
      return mail;
    });
  }

  it("carries the seeded name, then the agency's name, colour, sender and reply-to once saved", async () => {
    const { currentBrand, forgetBrand } = await import("~/brand/brand.server");
    forgetBrand();
    await currentBrand();
    const seeded = await recoveryMail();
    expect(seeded.from?.value[0]).toEqual({
      name: "Client Portal",
      address: "no-reply@agency.example",
    });
    expect(seeded.replyTo).toBeUndefined();
    expect(seeded.text?.startsWith("Client Portal\n\nReset Password")).toBe(true);

    const { inTransaction } = await import("~/data/connection.server");
    const { saveAgencySettings } = await import("~/data/agency-settings.server");
    const settings = {
      name: "Northwind Media",
      colour: "#0f766e",
      senderName: "Northwind Team",
      replyTo: "hello@northwind.example",
      supportEmail: "help@northwind.example",
    };
    await inTransaction((trx) => saveAgencySettings(trx, JSON.stringify(settings), 0, Date.now()));
    forgetBrand();
    await currentBrand();
    const branded = await recoveryMail();
    expect(branded.subject).toBe("Reset Your Password");
    expect(branded.from?.value[0]).toEqual({
      name: "Northwind Team",
      address: "no-reply@agency.example",
    });
    expect(branded.replyTo?.value[0]?.address).toBe("hello@northwind.example");
    expect(branded.text?.startsWith("Northwind Media\n\nReset Password")).toBe(true);
    expect(branded.html).toContain(
      '<strong style="color:#0f766e;font-size:18px">Northwind Media</strong>',
    );
    // The auth server's own words and link are all still there.
    expect(branded.html).toContain("<h2>Reset Password</h2>");
    expect(branded.html).toMatch(/href="http:\/\/[^"]+\/auth\/confirm\?token_hash=/);
    expect(branded.text).toContain("Questions? Write to help@northwind.example.");
    expect(seeded.text).not.toContain("Questions?");
  });
});
