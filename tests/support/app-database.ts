// A running app's product database, from the test's own process: a statement run on its SQLite file
// (waiting for the app's lock) or its PostgreSQL database, for a clock moved or a fact aged.
import Database from "libsql";
import { join } from "node:path";
import pg from "pg";

export interface AppDatabase {
  dataDir: string;
  databaseUrl?: string;
}

/** Runs `statement` on the database the app at `settings` keeps its product data in. */
export async function runOnAppDatabase(settings: AppDatabase, statement: string): Promise<void> {
  if (settings.databaseUrl) {
    const connection = new pg.Client({ connectionString: settings.databaseUrl });
    await connection.connect();
    try {
      await connection.query(statement);
    } finally {
      await connection.end();
    }
    return;
  }
  const db = new Database(join(settings.dataDir, "portal.sqlite"));
  try {
    db.exec("pragma busy_timeout = 5000");
    db.exec(statement);
  } finally {
    db.close();
  }
}
