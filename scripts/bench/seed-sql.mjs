// Rows written straight into an app's product database for a bench at scale: SQL statements run in
// one transaction on the app's engine (its SQLite file, or DATABASE_URL), then ANALYZE (and on
// PostgreSQL VACUUM).
import Database from "libsql";
import { join } from "node:path";
import pg from "pg";

export async function runSeed(engine, app, databaseUrl, statements) {
  if (engine === "postgres") {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query("BEGIN");
      for (const statement of statements) await client.query(statement);
      await client.query("COMMIT");
      // What autovacuum does within a minute of a bulk write: statistics, and the pages marked
      // all-visible, so index-only counts do not visit the rows just written.
      await client.query("VACUUM ANALYZE");
    } finally {
      await client.end();
    }
    return;
  }
  const db = new Database(join(app.dataDir, "portal.sqlite"));
  db.pragma("busy_timeout = 10000");
  try {
    db.exec("BEGIN IMMEDIATE");
    for (const statement of statements) db.exec(statement);
    db.exec("COMMIT");
    db.exec("ANALYZE");
  } finally {
    db.close();
  }
}

/** The first column of the first row `query` answers on the app's engine (null when none). */
export async function readValue(engine, app, databaseUrl, query) {
  if (engine === "postgres") {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query(query);
      return rows.length > 0 ? Object.values(rows[0])[0] : null;
    } finally {
      await client.end();
    }
  }
  const db = new Database(join(app.dataDir, "portal.sqlite"), { readonly: true });
  try {
    const row = db.prepare(query).get();
    return row === undefined ? null : Object.values(row)[0];
  } finally {
    db.close();
  }
}
