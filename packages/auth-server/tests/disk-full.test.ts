// A write the disk refuses (SQLITE_FULL at COMMIT): the operator sees that error, not the ROLLBACK
// that follows it, and a mail whose transaction was rolled back is neither logged as sent nor sent.
import Database from "libsql";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Db } from "../store/db";
import { PASSWORD, startTestServer, uniqueEmail, type TestServer } from "./helpers";

const DISK_FULL = "database or disk is full";

/**
 * Makes the next COMMIT fail the way SQLite's does on a full disk: the transaction is already
 * rolled back when the error comes back, so a ROLLBACK after it has nothing left to undo.
 */
function failNextCommit(): void {
  const exec = Database.prototype.exec;
  const spy = vi.spyOn(Database.prototype, "exec").mockImplementation(function (
    this: Database.Database,
    sql: string,
  ) {
    if (sql !== "COMMIT") return exec.call(this, sql);
    spy.mockRestore();
    exec.call(this, "ROLLBACK");
    throw Object.assign(new Error(DISK_FULL), { code: "SQLITE_FULL" });
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("Db.transaction when COMMIT fails", () => {
  it("rethrows the disk's error, not 'cannot rollback' (a masked cause), and stays usable", async () => {
    const db = Db.open(undefined);
    try {
      db.run("CREATE TABLE notes (text TEXT)");
      failNextCommit();
      expect(() => db.transaction(() => db.run("INSERT INTO notes VALUES ('lost')"))).toThrow(
        DISK_FULL,
      );
      expect(db.all("SELECT * FROM notes")).toEqual([]);
      db.transaction(() => db.run("INSERT INTO notes VALUES ('kept')"));
      expect(db.all("SELECT * FROM notes")).toEqual([{ text: "kept" }]);
    } finally {
      await db.close();
    }
  });

  it("runs afterCommit work only once the commit succeeded", async () => {
    const db = Db.open(undefined);
    try {
      const done: string[] = [];
      failNextCommit();
      expect(() => db.transaction(() => db.afterCommit(() => done.push("rolled back")))).toThrow(
        DISK_FULL,
      );
      db.transaction(() => {
        db.transaction(() => db.afterCommit(() => done.push("nested")));
        expect(done).toEqual([]);
      });
      db.afterCommit(() => done.push("outside a transaction"));
      expect(done).toEqual(["nested", "outside a transaction"]);
    } finally {
      await db.close();
    }
  });
});

describe("a sign-up whose COMMIT fails on a full disk", () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer();
  });
  afterAll(() => ts.close());

  it("logs the disk's error and no mail_sent for the mail that was rolled back (no false trail)", async () => {
    const email = uniqueEmail("disk-full");
    failNextCommit();
    const res = await ts.raw("/signup", { body: { email, password: PASSWORD } });
    expect(res.status).toBe(500);
    const failure = ts.logs.find((record) => record.event === "unexpected_failure");
    expect(failure?.error).toBe(DISK_FULL);
    expect(ts.logs.filter((record) => record.event === "mail_sent")).toEqual([]);
    const outbox = await ts.raw<unknown[]>(`//outbox/messages?to=${encodeURIComponent(email)}`, {
      apikey: null,
    });
    expect(outbox.body).toEqual([]);

    // Once the disk has room again the same address signs up and gets its one mail.
    expect((await ts.raw("/signup", { body: { email, password: PASSWORD } })).status).toBe(200);
    expect(ts.logs.filter((record) => record.event === "mail_sent")).toHaveLength(1);
  });
});
