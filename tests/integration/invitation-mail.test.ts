// Invitations from the console on both engines, mailed by the auth server as the app embeds it to a
// real SMTP server: who sends them and what the portal is for, no code; 'Resend invitation' sends a
// new one, and within the per-address minute says when the next can go.
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthServer } from "@portal/auth-server";
import { startMailCatcher, type MailCatcher } from "@portal/auth-server/tests/smtp-mail";
import type * as SignInRoute from "~/routes/_landing._auth.sign-in";
import type * as StaffIndex from "~/routes/staff._index";
import type * as AuthAdmin from "~/identity/auth-admin.server";
import { embeddedAuthEnv } from "../../server/embedded-auth";
import { ENGINES, freshDatabase, stopEngines } from "../support/engines";
import {
  adminCreateUser,
  appEnv,
  asData,
  asResponse,
  cookieHeaderFrom,
  formPost,
  get,
  PASSWORD,
  settle,
  startAdminAuthServer,
  toastOf,
  uniqueEmail,
} from "../support/harness";

/** A loopback site, as `npm start` runs: there mails carry the auth server's own link too. */
const SITE = "http://localhost:3000";
const AGENCY = "Northwind Media";
const ABOUT_THE_PORTAL =
  "has invited you to the agency's client portal: the place where you follow your programme, " +
  "message the agency and hand in your work.";

afterAll(stopEngines);

const context = (): AppLoadContext => ({ clientIp: "203.0.113.50" });

describe.each(ENGINES)("invitations from the console on %s", (engine) => {
  let smtp: MailCatcher;
  let auth: AuthServer;
  let routes: { signIn: typeof SignInRoute; list: typeof StaffIndex; admin: typeof AuthAdmin };

  beforeAll(async () => {
    appEnv();
    smtp = await startMailCatcher();
    const embedded = embeddedAuthEnv(
      { SITE_URL: SITE, EMBEDDED_AUTH_PORT: 54321, AUTH_DATA_DIR: ":memory:" },
      {
        GOTRUE_SMTP_HOST: "127.0.0.1",
        GOTRUE_SMTP_PORT: String(smtp.port),
        GOTRUE_SMTP_ADMIN_EMAIL: "portal@northwind.example",
      },
    );
    auth = await startAdminAuthServer(
      embedded as Record<string, string>,
      {
        ...freshDatabase(engine),
        SITE_URL: SITE,
        AGENCY_NAME: AGENCY,
      } as Record<string, string>,
    );
    routes = {
      signIn: await import("~/routes/_landing._auth.sign-in"),
      list: await import("~/routes/staff._index"),
      admin: await import("~/identity/auth-admin.server"),
    };
  });

  afterAll(async () => {
    await auth.close();
    await smtp.close();
  });

  async function staffMember(label: string, userMetadata: Record<string, unknown> = {}) {
    const email = uniqueEmail(`${label}-${engine}`);
    await adminCreateUser(auth, email, {
      app_metadata: { role: "staff" },
      user_metadata: userMetadata,
    });
    const answer = asResponse(
      await routes.signIn.action({
        request: formPost("/sign-in", { email, password: PASSWORD }),
        context: context(),
        params: {},
      }),
    );
    return { email, cookie: cookieHeaderFrom(answer.headers) };
  }

  const post = (cookie: string, fields: Record<string, string>) =>
    settle(() =>
      routes.list.action({
        request: formPost("/staff?index", fields, cookie),
        context: context(),
        params: {},
      }),
    );

  /** What the SMTP server received for `email`, oldest first. */
  const mailsTo = (email: string) =>
    smtp.messages.filter((mail) => !Array.isArray(mail.to) && mail.to?.text === email);

  it("mails the invitation from the agency and the staff member, saying what the portal is for, with its link and no code", async () => {
    const ada = await staffMember("ada", { full_name: "Ada Lovelace" });
    const invitee = uniqueEmail(`invitee-${engine}`);
    const sent = asResponse(await post(ada.cookie, { intent: "invite", email: invitee }));
    expect(sent.headers.get("Location")).toBe("/staff");
    expect((await toastOf(sent))?.title).toBe("Invitation Sent");

    const [mail] = mailsTo(invitee);
    expect(mail?.from?.text).toContain("portal@northwind.example");
    expect(mail?.subject).toBe(`Ada Lovelace at ${AGENCY} has invited you to your client portal`);
    const text = mail?.text ?? "";
    expect(text).toContain(`Your invitation from ${AGENCY}`);
    expect(text).toContain(`Ada Lovelace at ${AGENCY} ${ABOUT_THE_PORTAL}`);
    const link = new URL(/^http\S+\/auth\/confirm\?\S+$/m.exec(text)?.[0] ?? "");
    expect(`${link.origin}${link.pathname}`).toBe(`${SITE}/auth/confirm`);
    expect(link.searchParams.get("type")).toBe("invite");
    expect(link.searchParams.get("next")).toBe(`${SITE}/welcome`);
    // The auth server's own link is there (the site is loopback), but no code: no page takes one.
    expect(text).toContain("http://127.0.0.1:54321/auth/v1/verify?token=");
    for (const body of [text, String(mail?.html)]) {
      expect(body).not.toMatch(/code/i);
      expect(body).not.toMatch(/\b\d{6}\b/);
    }

    // A staff member the auth service knows no name for is named by their e-mail.
    const grace = await staffMember("grace");
    const other = uniqueEmail(`other-${engine}`);
    asResponse(await post(grace.cookie, { intent: "invite", email: other }));
    expect(mailsTo(other)[0]?.text).toContain(`${grace.email} at ${AGENCY} ${ABOUT_THE_PORTAL}`);
  });

  it("names the client's company in the invitation, and keeps it as the account's name", async () => {
    const ada = await staffMember("ada-company", { full_name: "Ada Lovelace" });
    const invitee = uniqueEmail(`dana-${engine}`);
    const fields = { intent: "invite", email: invitee, accountName: "  Northwind\u0007 " };
    asResponse(await post(ada.cookie, fields));
    const [mail] = mailsTo(invitee);
    expect(mail?.subject).toBe(
      `Ada Lovelace at ${AGENCY} has invited you to Northwind's client portal`,
    );
    expect(mail?.text).toContain(
      `Ada Lovelace at ${AGENCY} has invited you to Northwind's client portal with the agency:`,
    );
    const { database } = await import("~/data/connection.server");
    const { accountOf, accountSettings } = await import("~/data/client-accounts.server");
    const db = await database();
    const row = await db
      .selectFrom("clients")
      .select("user_id")
      .where("email", "=", invitee)
      .where("account_only", "is", null)
      .executeTakeFirstOrThrow();
    // The invitee's account has an id of its own; the name typed is one clean line there, and the
    // first invitee is its primary contact.
    const accountId = (await accountOf(db, row.user_id)) ?? "";
    expect(accountId).not.toBe(row.user_id);
    expect(await accountSettings(db, accountId)).toEqual({
      name: "Northwind",
      primaryContactId: row.user_id,
      colleaguesMayInvite: false,
      deactivatedAt: null,
      dueTimeZone: null,
      primaryTimeZone: null,
    });

    // Too long a name is the form again, with what was typed and nothing mailed.
    const other = uniqueEmail(`long-${engine}`);
    const long = { ...fields, email: other, accountName: "x".repeat(81) };
    const refused = asData(await post(ada.cookie, long));
    expect(refused.init?.status).toBe(400);
    expect(refused.data).toMatchObject({
      values: { email: other, accountName: long.accountName },
      errors: { accountName: "A name or company can be up to 80 characters." },
    });
    expect(mailsTo(other)).toHaveLength(0);
  });

  it("never renames a company whose person is invited again before accepting", async () => {
    const staff = await staffMember("renamer");
    const invitee = uniqueEmail(`again-${engine}`);
    // Invited days ago into Northwind (as far as the per-address minute is concerned).
    const { data } = await routes.admin.invite(invitee, `${SITE}/welcome`, {
      agencyName: AGENCY,
      invitedBy: "Ada Lovelace",
      company: "Northwind",
    });
    const { database, inTransaction } = await import("~/data/connection.server");
    const { directoryEntry, saveDirectory } = await import("~/data/client-directory.server");
    const { accountOf, accountSettings, changeAccount } =
      await import("~/data/client-accounts.server");
    const accountId = await inTransaction(async (trx) => {
      await saveDirectory(trx, [directoryEntry(data.user!)], Date.now());
      const id = (await accountOf(trx, data.user!.id)) ?? "";
      await changeAccount(trx, id, { name: "Northwind" });
      return id;
    });
    // Invited again from the console with another company typed: the mail goes, the name stays.
    const again = asResponse(
      await post(staff.cookie, { intent: "invite", email: invitee, accountName: "Elsewhere" }),
    );
    expect(again.status).toBe(302);
    expect((await accountSettings(await database(), accountId)).name).toBe("Northwind");
  });

  it("sends an invitation again from 'Resend invitation' and says so; within the minute, says when it can go", async () => {
    const staff = await staffMember("resender");
    const invitee = uniqueEmail(`waiting-${engine}`);
    // Invited days ago, as far as the per-address minute is concerned.
    const { data } = await routes.admin.invite(invitee, `${SITE}/welcome`, {
      agencyName: AGENCY,
      invitedBy: "Ada Lovelace",
      company: "",
    });
    expect(data.user?.email).toBe(invitee);
    const firstLink = new URL(
      /^http\S+\/auth\/confirm\?\S+$/m.exec(mailsTo(invitee)[0]?.text ?? "")?.[0] ?? "",
    );

    const resend = { intent: "resend-invitation", email: invitee };
    const resent = asResponse(await post(staff.cookie, resend));
    expect(resent.headers.get("Location")).toBe("/staff");
    expect(await toastOf(resent)).toMatchObject({
      title: "Invitation Sent Again",
      description: `We've sent ${invitee} a new invitation. The link in the earlier one no longer works.`,
    });
    const mails = mailsTo(invitee);
    expect(mails).toHaveLength(2);
    // The invitation still names who sent it first (the auth service keeps its data).
    expect(mails[1]?.text).toContain(`Ada Lovelace at ${AGENCY} ${ABOUT_THE_PORTAL}`);
    const stale = await fetch(`${auth.url}/auth/v1/verify`, {
      method: "POST",
      headers: { apikey: auth.anonKey, "Content-Type": "application/json" },
      body: JSON.stringify({
        type: "invite",
        token_hash: firstLink.searchParams.get("token_hash"),
      }),
    });
    expect(stale.status).toBe(403);

    // Pressed again within the minute: back to the console, told when (a page without JavaScript
    // shows the toast too); nothing is mailed.
    const wait = `You can send another invitation to ${invitee} in `;
    const waitLeft = /in (1 minute|5\d seconds)\.$/;
    const tooSoon = asResponse(await post(staff.cookie, resend));
    expect(tooSoon.headers.get("Location")).toBe("/staff");
    const told = await toastOf(tooSoon);
    expect(told?.title).toBe("Please Wait");
    expect(told?.description).toContain(wait);
    expect(told?.description).toMatch(waitLeft);
    // The invitation form says the same, with the address kept and Retry-After.
    const typed = asData<{ toast: { description: string }; values: { email: string } }>(
      await post(staff.cookie, { intent: "invite", email: invitee }),
    );
    expect(typed.init?.status).toBe(429);
    expect(new Headers(typed.init?.headers).get("Retry-After")).toMatch(/^(5\d|60)$/);
    expect(typed.data.toast.description).toContain(wait);
    expect(typed.data.toast.description).toMatch(waitLeft);
    expect(typed.data.values.email).toBe(invitee);
    expect(mailsTo(invitee)).toHaveLength(2);
  });

  it("lists an invitation waiting with when it went, and cancels it: its link fails, the client is listed no more", async () => {
    const staff = await staffMember("canceller");
    const invitee = uniqueEmail(`cancelled-${engine}`);
    asResponse(await post(staff.cookie, { intent: "invite", email: invitee }));
    const listed = async () =>
      (
        await routes.list.loader({
          request: get(`/staff?q=${encodeURIComponent(invitee)}`, staff.cookie),
          context: context(),
          params: {},
        })
      ).rows;
    expect((await listed()).map((row) => [row.email, row.state, typeof row.invitedAt])).toEqual([
      [invitee, "invited", "number"],
    ]);
    const link = new URL(
      /^http\S+\/auth\/confirm\?\S+$/m.exec(mailsTo(invitee)[0]?.text ?? "")?.[0] ?? "",
    );
    const cancel = { intent: "cancel-invitation", email: invitee };
    const cancelled = asResponse(await post(staff.cookie, cancel));
    expect(cancelled.headers.get("Location")).toBe("/staff");
    expect(await toastOf(cancelled)).toMatchObject({ title: "Invitation Cancelled" });
    expect(await listed()).toEqual([]);
    const followed = await fetch(`${auth.url}/auth/v1/verify`, {
      method: "POST",
      headers: { apikey: auth.anonKey, "Content-Type": "application/json" },
      body: JSON.stringify({ type: "invite", token_hash: link.searchParams.get("token_hash") }),
    });
    expect(followed.status).toBeGreaterThanOrEqual(400);
    // Nothing left to cancel: refused. A client who signed in is no invitation: refused, kept.
    expect(asData(await post(staff.cookie, cancel)).init?.status).toBe(404);
    const client = uniqueEmail(`signed-in-${engine}`);
    await adminCreateUser(auth, client);
    asResponse(
      await routes.signIn.action({
        request: formPost("/sign-in", { email: client, password: PASSWORD }),
        context: context(),
        params: {},
      }),
    );
    const accepted = { intent: "cancel-invitation", email: client };
    expect(asData(await post(staff.cookie, accepted)).init?.status).toBe(409);
  });
});
