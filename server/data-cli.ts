// The product data's commands (built as build/data.js): `migrate` brings the database to the newest
// schema; `export <url>` copies the SQLite file's data into an empty PostgreSQL database (decision
// 032); `files-to-bucket` fills the S3_* bucket (decision 058); `rebuild-facts` (decision 065).
import { randomBytes } from "node:crypto";
import { closeProductDatabase, database, openProductDatabase } from "../app/data/connection.server";
import { migrate, openMigratedDatabase } from "../app/data/database.server";
import { copyProductData } from "../app/data/export.server";
import { rebuildAllFacts } from "../app/data/task-facts.server";
import { moveFilesToBucket } from "../app/files/move-to-bucket.server";
import { s3Client } from "../app/files/s3-store.server";
import { filesFolder } from "../app/files/store.server";
import { configure, parseEnv, readS3Config } from "../app/lib/env.server";

const USAGE =
  "usage: node build/data.js migrate | export <postgresql://…> | files-to-bucket | rebuild-facts";

/**
 * Usage: node build/data.js migrate | export <postgresql://…>
 * - `migrate` brings the database (DATABASE_URL, or the SQLite file in DATA_DIR) to the newest
 *   schema.
 * - `export <url>` copies the product data from the SQLite file in DATA_DIR into the PostgreSQL
 *   database at <url> (migrated first); the portal should be stopped meanwhile.
 * - `files-to-bucket` copies every file in DATA_DIR/files that the database (DATABASE_URL, or the
 *   SQLite file) lists into the bucket of S3_BUCKET; run it again to resume.
 * - `rebuild-facts` writes every client's task facts anew from their programmes (PROGRAMME_FILE,
 *   PROGRAMME_DIR as the portal has them); the portal may keep running.
 */
async function main(args: string[]) {
  const [command, target] = args;
  const dataDir = process.env.DATA_DIR || ".data";
  if (command === "migrate") {
    const applied = await migrate({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir });
    console.log(applied.length > 0 ? `applied: ${applied.join(", ")}` : "the schema is up to date");
    return;
  }
  if (command === "export" && target && /^postgres(ql)?:\/\//.test(target)) {
    const from = await openMigratedDatabase({ dataDir });
    try {
      const to = await openMigratedDatabase({ databaseUrl: target, dataDir });
      try {
        const copied = await copyProductData(from, to);
        for (const [table, rows] of Object.entries(copied)) console.log(`${table}: ${rows} rows`);
      } finally {
        await to.close();
      }
    } finally {
      await from.close();
    }
    return;
  }
  if (command === "files-to-bucket" && !target) {
    const s3 = readS3Config(process.env);
    if (!s3) throw new Error("set S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY first");
    const db = await openMigratedDatabase({
      databaseUrl: process.env.DATABASE_URL || undefined,
      dataDir,
    });
    try {
      const moved = await moveFilesToBucket(
        db.reader,
        filesFolder(dataDir),
        s3,
        s3Client(s3),
        console.log,
      );
      console.log(
        `copied ${moved.copied}, already there ${moved.skipped}, missing ${moved.missing.length}`,
      );
      for (const id of moved.missing) console.log(`missing from ${filesFolder(dataDir)}: ${id}`);
      if (moved.missing.length > 0) process.exitCode = 1;
    } finally {
      await db.close();
    }
    return;
  }
  if (command === "rebuild-facts" && !target) {
    // The programmes as the portal reads them; this command signs nothing, so any secret does.
    const secret = process.env.SESSION_SECRET ?? randomBytes(32).toString("hex");
    configure(parseEnv({ ...process.env, DATA_DIR: dataDir, SESSION_SECRET: secret }));
    await openProductDatabase();
    try {
      console.log(`task facts written for ${await rebuildAllFacts(await database())} clients`);
    } finally {
      await closeProductDatabase();
    }
    return;
  }
  console.error(USAGE);
  process.exit(2);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
