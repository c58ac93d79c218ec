// Service-role admin API: access control, users CRUD with pagination and filter, app_metadata
// keys, bans, generate_link.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createConfirmedUser,
  decodePayload,
  PASSWORD,
  signIn,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from "./helpers";

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer({ GOTRUE_SITE_URL: "http://localhost:3000" });
});
afterAll(() => ts.close());

describe("admin access", () => {
  it("needs a bearer with an admin role", async () => {
    const none = await ts.raw("/admin/users");
    expect(none.status).toBe(401);
    expect(none.body.code).toBe("no_authorization");

    const anon = await ts.raw("/admin/users", { bearer: ts.server.anonKey });
    expect(anon.status).toBe(403);
    expect(anon.body).toEqual({ code: "not_admin", message: "User not allowed" });

    const email = uniqueEmail();
    await createConfirmedUser(ts, email);
    const session = await signIn(ts, email);
    const user = await ts.raw("/admin/users", { bearer: session.access_token });
    expect(user.body).toEqual({ code: "not_admin", message: "User not allowed" });
    const link = await ts.raw("/admin/generate_link", {
      bearer: session.access_token,
      body: { type: "signup" },
    });
    expect(link.body.code).toBe("not_admin");

    const service = await ts.raw("/admin/users", { bearer: ts.server.serviceRoleKey });
    expect(service.status).toBe(200);
  });
});

describe("admin users", () => {
  it("creates, reads, lists with pagination, updates and deletes", async () => {
    const admin = ts.admin().auth.admin;
    const email = uniqueEmail();
    const created = await admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { name: "Cy", drop: 1 },
      app_metadata: { plan: "pro" },
    });
    expect(created.error).toBeNull();
    const id = created.data.user!.id;
    expect(created.data.user?.email_confirmed_at).toEqual(expect.any(String));
    expect(created.data.user?.app_metadata).toEqual({
      provider: "email",
      providers: ["email"],
      plan: "pro",
    });

    const duplicate = await admin.createUser({ email: email.toUpperCase(), password: PASSWORD });
    expect(duplicate.error?.status).toBe(422);
    expect(duplicate.error?.code).toBe("email_exists");
    expect(duplicate.error?.message).toBe(
      "A user with this email address has already been registered",
    );

    const noEmail = await ts.raw("/admin/users", { bearer: ts.server.serviceRoleKey, body: {} });
    expect(noEmail.body).toEqual({
      code: "validation_failed",
      message: "Cannot create a user without either an email or phone",
    });

    const fetched = await admin.getUserById(id);
    expect(fetched.data.user?.email).toBe(email);
    const badId = await ts.raw("/admin/users/not-a-uuid", { bearer: ts.server.serviceRoleKey });
    expect(badId.status).toBe(404);
    expect(badId.body).toEqual({ code: "validation_failed", message: "user_id must be an UUID" });
    const missing = await admin.getUserById("00000000-0000-4000-8000-000000000000");
    expect(missing.error?.status).toBe(404);
    expect(missing.error?.code).toBe("user_not_found");

    const updated = await admin.updateUserById(id, {
      user_metadata: { drop: null, age: 30 },
      password: "a-new-password-1",
    });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toEqual({ name: "Cy", age: 30, email_verified: true });
    expect(
      (await ts.client().auth.signInWithPassword({ email, password: "a-new-password-1" })).error,
    ).toBeNull();
    const weak = await admin.updateUserById(id, { password: "x" });
    expect(weak.error?.code).toBe("weak_password");

    const newEmail = uniqueEmail("renamed");
    const renamed = await admin.updateUserById(id, { email: newEmail });
    expect(renamed.data.user?.email).toBe(newEmail);
    expect(renamed.data.user?.identities?.[0]?.identity_data?.email).toBe(newEmail);

    const removed = await admin.deleteUser(id);
    expect(removed.error).toBeNull();
    expect((await admin.getUserById(id)).error?.code).toBe("user_not_found");
    const signInAfter = await ts
      .client()
      .auth.signInWithPassword({ email: newEmail, password: "a-new-password-1" });
    expect(signInAfter.error?.code).toBe("invalid_credentials");
  });

  it("lists newest first with X-Total-Count and Link headers supabase-js understands", async () => {
    const fresh = await startTestServer();
    try {
      for (let i = 0; i < 5; i++) {
        await createConfirmedUser(fresh, `page-${i}@example.com`);
        fresh.clock.advance(1);
      }
      const raw = await fresh.raw<{ users: { email: string }[]; aud: string }>(
        "/admin/users?per_page=2&page=2",
        {
          bearer: fresh.server.serviceRoleKey,
        },
      );
      expect(raw.headers.get("x-total-count")).toBe("5");
      expect(raw.headers.get("link")).toBe(
        '</auth/v1/admin/users?page=3&per_page=2>; rel="next", </auth/v1/admin/users?page=3&per_page=2>; rel="last"',
      );
      expect(raw.body.aud).toBe("authenticated");
      expect(raw.body.users.map((u) => u.email)).toEqual([
        "page-2@example.com",
        "page-1@example.com",
      ]);
      const { data, error } = await fresh.admin().auth.admin.listUsers({ page: 1, perPage: 2 });
      expect(error).toBeNull();
      expect(data.users.map((u) => u.email)).toEqual(["page-4@example.com", "page-3@example.com"]);
      expect(data).toMatchObject({ total: 5, nextPage: 2, lastPage: 3 });
      // Each listed user carries its own identities, as the single user's answer has them.
      for (const listed of data.users) {
        const one = await fresh.admin().auth.admin.getUserById(listed.id);
        expect(listed.identities).toEqual(one.data.user?.identities);
        expect(listed.identities?.map((identity) => identity.identity_data?.email)).toEqual([
          listed.email,
        ]);
      }
      const bad = await fresh.raw("/admin/users?per_page=0", {
        bearer: fresh.server.serviceRoleKey,
      });
      expect(bad.body.code).toBe("validation_failed");
    } finally {
      await fresh.close();
    }
  });

  it("filters by a substring of the address or of user_metadata.full_name, like GoTrue", async () => {
    const fresh = await startTestServer();
    try {
      const people: [string, Record<string, unknown>][] = [
        ["ada.byron@agency.example", {}],
        ["ada_b@client.example", {}],
        ["grace@client.example", { full_name: "Grace Ada Hopper" }],
        ["alan@client.example", { full_name: "Alan Turing" }],
        ["edsger@client.example", { full_name: 42 }],
      ];
      for (const [email, metadata] of people) {
        await createConfirmedUser(fresh, email, PASSWORD, { user_metadata: metadata });
        fresh.clock.advance(1);
      }
      const list = (query: string) =>
        fresh.raw<{ users: { email: string }[] }>(`/admin/users?${query}`, {
          bearer: fresh.server.serviceRoleKey,
        });
      const emails = async (query: string) => (await list(query)).body.users.map((u) => u.email);

      expect(await emails("filter=ada")).toEqual([
        "grace@client.example",
        "ada_b@client.example",
        "ada.byron@agency.example",
      ]);
      // The full name matches in any case; the address (stored in lower case) only as written.
      expect(await emails("filter=ADA")).toEqual(["grace@client.example"]);
      expect(await emails("filter=turing")).toEqual(["alan@client.example"]);
      expect(await emails("filter=%40agency.")).toEqual(["ada.byron@agency.example"]);
      // LIKE's wildcards keep their meaning, as in GoTrue's query; a backslash escapes one.
      expect(await emails("filter=ada_b")).toEqual([
        "ada_b@client.example",
        "ada.byron@agency.example",
      ]);
      expect(await emails("filter=ada%5C_")).toEqual(["ada_b@client.example"]);
      expect(await emails("filter=a%25y")).toEqual(["ada.byron@agency.example"]);
      expect(await emails("filter=4")).toEqual(["edsger@client.example"]);
      expect(await emails("filter=nobody")).toEqual([]);
      expect(await emails("filter=")).toHaveLength(5);
      expect(await emails("filter=%5C")).toEqual([]);

      // Pagination counts the filtered users, and its links keep the filter.
      const page = await list("filter=client&per_page=2&page=1");
      expect(page.headers.get("x-total-count")).toBe("4");
      expect(page.headers.get("link")).toBe(
        '</auth/v1/admin/users?filter=client&page=2&per_page=2>; rel="next", </auth/v1/admin/users?filter=client&page=2&per_page=2>; rel="last"',
      );
      expect(page.body.users.map((u) => u.email)).toEqual([
        "edsger@client.example",
        "alan@client.example",
      ]);
      const last = await list("filter=client&per_page=2&page=2");
      expect(last.headers.get("link")).toBe(
        '</auth/v1/admin/users?filter=client&page=2&per_page=2>; rel="last"',
      );
      expect(last.body.users.map((u) => u.email)).toEqual([
        "grace@client.example",
        "ada_b@client.example",
      ]);
      const none = await list("filter=nobody");
      expect(none.headers.get("x-total-count")).toBe("0");
      expect(none.headers.get("link")).toBe(
        '</auth/v1/admin/users?filter=nobody&page=0>; rel="last"',
      );
    } finally {
      await fresh.close();
    }
  });

  it("sets an app_metadata key, which the next token carries, and removes it when set to null", async () => {
    const admin = ts.admin().auth.admin;
    const email = uniqueEmail("staff");
    const id = await createConfirmedUser(ts, email);
    const granted = await admin.updateUserById(id, { app_metadata: { role: "staff" } });
    expect(granted.data.user?.app_metadata).toEqual({
      provider: "email",
      providers: ["email"],
      role: "staff",
    });
    expect(decodePayload((await signIn(ts, email)).access_token).app_metadata).toMatchObject({
      role: "staff",
    });
    const revoked = await admin.updateUserById(id, { app_metadata: { role: null } });
    expect(revoked.data.user?.app_metadata).toEqual({ provider: "email", providers: ["email"] });
    expect(decodePayload((await signIn(ts, email)).access_token).app_metadata).not.toHaveProperty(
      "role",
    );
  });

  it("bans with ban_duration (sessions end, sign-in refused) and lifts it with none", async () => {
    const email = uniqueEmail();
    const id = await createConfirmedUser(ts, email);
    const session = await signIn(ts, email);
    const banned = await ts.admin().auth.admin.updateUserById(id, { ban_duration: "24h" });
    expect(banned.data.user?.banned_until).toEqual(expect.any(String));
    const signInBanned = await ts.raw("/token?grant_type=password", {
      body: { email, password: PASSWORD },
    });
    expect(signInBanned.body).toEqual({
      code: "invalid_credentials",
      message: "Invalid login credentials",
    });
    expect((await ts.raw("/user", { bearer: session.access_token })).body.code).toBe(
      "session_not_found",
    );
    const badDuration = await ts.admin().auth.admin.updateUserById(id, { ban_duration: "forever" });
    expect(badDuration.error?.code).toBe("validation_failed");
    await ts.admin().auth.admin.updateUserById(id, { ban_duration: "none" });
    expect(
      (await ts.raw("/token?grant_type=password", { body: { email, password: PASSWORD } })).status,
    ).toBe(200);
  });
});

describe("admin generate_link", () => {
  it("signup: creates the user and returns a working verify link without mailing", async () => {
    const email = uniqueEmail();
    const { data, error } = await ts.admin().auth.admin.generateLink({
      type: "signup",
      email,
      password: PASSWORD,
      options: { redirectTo: "http://localhost:3000/after" },
    });
    expect(error).toBeNull();
    expect(data.properties).toMatchObject({
      verification_type: "signup",
      redirect_to: "http://localhost:3000/after",
      email_otp: expect.stringMatching(/^\d{6}$/),
      hashed_token: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    const link = new URL(data.properties!.action_link);
    expect(link.origin + link.pathname).toBe(`${ts.url}/auth/v1/verify`);
    expect(data.user?.email).toBe(email);
    const mails = await ts.raw<unknown[]>(`//outbox/messages?to=${email}`, { apikey: null });
    expect(mails.body).toEqual([]);
    const click = await fetch(data.properties!.action_link, { redirect: "manual" });
    expect(click.status).toBe(303);
    expect(String(click.headers.get("location"))).toMatch(
      /^http:\/\/localhost:3000\/after#access_token=/,
    );
    const again = await ts
      .admin()
      .auth.admin.generateLink({ type: "signup", email, password: PASSWORD });
    expect(again.error?.code).toBe("email_exists");
  });

  it("magiclink and recovery verify into a session; recovery for an unknown address is 404", async () => {
    const email = uniqueEmail();
    await createConfirmedUser(ts, email);
    for (const type of ["magiclink", "recovery"] as const) {
      const { data } = await ts.admin().auth.admin.generateLink({ type, email });
      const verified = await ts.raw("/verify", {
        body: { type, token_hash: data.properties!.hashed_token },
      });
      expect(verified.status, type).toBe(200);
      expect(verified.body.access_token).toEqual(expect.any(String));
    }
    const unknown = await ts
      .admin()
      .auth.admin.generateLink({ type: "recovery", email: uniqueEmail() });
    expect(unknown.error?.status).toBe(404);
    expect(unknown.error?.code).toBe("user_not_found");
    const invite = await ts
      .admin()
      .auth.admin.generateLink({ type: "invite", email: uniqueEmail() });
    expect(invite.data.user?.invited_at).toEqual(expect.any(String));
    const bogus = await ts.raw("/admin/generate_link", {
      bearer: ts.server.serviceRoleKey,
      body: { type: "teleport", email: uniqueEmail() },
    });
    expect(bogus.body).toEqual({
      code: "validation_failed",
      message: "Invalid email action link type requested: teleport",
    });
  });
});
